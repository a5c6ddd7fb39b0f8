import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '@/db/client';
import { copyData } from '@/db/copy/copy-data';
import { migrate } from '@/db/migrate';
import type { Config } from '../lib/env';
import { UsageError, type Flags, type Out } from './args';

/** The address without its password, for messages. */
function shown(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

function batchSize(flags: Flags): number | undefined {
  if (flags['batch-size'] === undefined) return undefined;
  const n = Number(flags['batch-size']);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new UsageError('--batch-size must be a whole number from 1 to 100000');
  return n;
}

/**
 * `refcount migrate-data [--to URL] [--from DIR] [--replace] [--batch-size N]`: copies everything
 * in the embedded database (PGLITE_DIR, or --from) to a PostgreSQL server (--to, or DATABASE_URL),
 * migrating both to this version first. The embedded directory is locked like any CLI command,
 * so it refuses while a server runs on it.
 */
export async function migrateData(config: Config, flags: Flags, out: Out) {
  const to = flags.to ?? config.databaseUrl;
  if (!to) throw new UsageError('--to postgres://… is required (or set DATABASE_URL)');
  if (!/^postgres(ql)?:\/\//.test(to)) throw new UsageError('--to must be a postgres:// or postgresql:// URL');
  const from = resolve(flags.from ?? config.pgliteDir);
  if (!existsSync(join(from, 'PG_VERSION'))) throw new UsageError(`no embedded database in ${from} (set PGLITE_DIR or pass --from)`);
  const batch = batchSize(flags);

  const source = await openDatabase({ dataDir: from, lock: true });
  let target: Database | undefined;
  try {
    target = await openDatabase({ url: to, max: 2 });
    await migrate(source);
    await migrate(target);
    if (!out.json) out.print(`copying ${from} to ${shown(to)}`, null);
    const tables = await copyData(source, target, {
      replace: flags.replace === true,
      batchSize: batch,
      onTable: (table, rows) => !out.json && out.print(`  ${table.padEnd(24)} ${rows}`, null),
    });
    const rows = tables.reduce((s, t) => s + t.rows, 0);
    out.print(
      `${tables.length} tables, ${rows} rows copied; row counts and checksums match.\nNext: set DATABASE_URL=${shown(to)} (with its password) and start Refcount.`,
      { source: from, target: shown(to), tables, rows },
    );
  } finally {
    await target?.close();
    await source.close();
  }
}
