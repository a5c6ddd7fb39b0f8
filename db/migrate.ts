import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Database } from './client';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies db/migrations (drizzle-kit output) through whichever driver is open. */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.driver === 'postgres') {
    await migratePostgres(database.db as never, { migrationsFolder: folder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
