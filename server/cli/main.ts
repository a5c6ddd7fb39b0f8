import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { readConfig } from '../lib/env';
import { parseArgs } from './args';
import { findCommand } from './commands';

// Exit 0 on success; otherwise one line on stderr and exit 1 (decisions.md §8).
async function main() {
  const { positional, flags } = parseArgs(process.argv.slice(2));
  const { command, rest } = findCommand(positional);
  if (rest[0]) flags._id = rest[0];
  const json = flags.json === true;
  const config = readConfig();
  // lock: true makes the CLI refuse while a server holds the embedded database.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir, lock: true, max: 1 });
  try {
    if (!positional.includes('migrate') && !positional.includes('seed')) await migrate(database);
    await command(database, flags, {
      json,
      print: (text, value) => process.stdout.write(`${json ? JSON.stringify(value) : text}\n`),
    });
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`refcount: ${(err as { detail?: string }).detail ?? err.message}\n`);
  process.exit(1);
});
