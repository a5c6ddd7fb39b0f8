import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { loadDotEnv, readConfig } from '../lib/env';
import { parseCommandLine } from './args';
import { findCommand } from './commands';

// Exit 0 on success; otherwise one line on stderr and exit 1 (docs/cli.md).
async function main() {
  const { positional, flags } = parseCommandLine(process.argv.slice(2));
  const found = findCommand(positional);
  const json = flags.json === true;
  const out = { json, print: (text: string, value: unknown) => process.stdout.write(`${json ? JSON.stringify(value) : text}\n`) };
  loadDotEnv();
  const config = readConfig();
  if (found.kind === 'standalone') return found.command(config, flags, out);
  // lock: true makes the CLI refuse while a server holds the embedded database.
  const database = await openDatabase({ url: config.databaseUrl, prepare: config.databasePreparedStatements, dataDir: config.pgliteDir, lock: true, max: 1 });
  try {
    if (!positional.includes('migrate') && !positional.includes('seed')) await migrate(database);
    await found.command(database, flags, out, found.rest);
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`refcount: ${(err as { detail?: string }).detail ?? err.message}\n`);
  process.exit(1);
});
