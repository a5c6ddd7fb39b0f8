/**
 * Whether a database error is a unique violation (SQLSTATE 23505) of `constraint`, on either
 * driver: postgres.js and PGlite both carry the code, Drizzle wraps them in `cause`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
  }
  return false;
}
