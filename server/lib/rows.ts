import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/**
 * Rows of a raw statement on either driver (PGlite answers `{ rows }`, postgres.js an array).
 * For hot-path statements that the query builder would make slower or several round trips.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsIn<T>(await db.execute(query));
}

/** The rows of a raw statement's result, as either driver answers it. */
export const rowsIn = <T>(res: unknown): T[] => (Array.isArray(res) ? res : ((res as { rows?: T[] }).rows ?? []));
