import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Database } from './client';

// Resolved from the project root: this module is also bundled by Next, where import.meta.url
// does not point into db/.
export const migrationsFolder = join(process.cwd(), 'db', 'migrations');

// Every process migrates at start, so nodes and workers starting together on a new database
// raced to create the same tables and all but one died ("relation already exists"). One migrator
// at a time: the others wait, then find nothing left to apply. The lock is held by an open
// transaction on a connection of its own (the pool may have only one, and the migration needs it),
// so it is released however the process ends, and it holds through a pooler in transaction mode.
const MIGRATION_LOCK = `select pg_advisory_xact_lock(hashtext('refcount:migrate'))`;

/** Applies db/migrations (drizzle-kit output) through whichever driver is open. */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.driver === 'pglite') return void (await migratePglite(database.db as never, { migrationsFolder: folder }));
  const lock = postgres(database.url!, { max: 1, onnotice: () => {} });
  try {
    await lock.begin(async (tx) => {
      await tx.unsafe(MIGRATION_LOCK);
      await migratePostgres(database.db as never, { migrationsFolder: folder });
    });
  } finally {
    await lock.end({ timeout: 5 });
  }
}
