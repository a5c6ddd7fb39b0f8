import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/**
 * Rows of a raw statement on either driver (PGlite answers `{ rows }`, postgres.js an array).
 * For hot-path statements that the query builder would make slower or several round trips.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}
