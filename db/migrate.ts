import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { join } from 'node:path';
import type { Database } from './client';

// Resolved from the project root: this module is also bundled by Next, where import.meta.url
// does not point into db/.
const migrationsFolder = join(process.cwd(), 'db', 'migrations');

/** Applies db/migrations (drizzle-kit output) through whichever driver is open. */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.driver === 'postgres') {
    await migratePostgres(database.db as never, { migrationsFolder: folder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
