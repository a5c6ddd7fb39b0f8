type DatabaseError = { code: string; constraint?: string; constraint_name?: string; message?: string };

/**
 * The error PostgreSQL answered, on either driver: postgres.js and PGlite both carry its SQLSTATE
 * in `code`, and Drizzle wraps them in `cause`. Undefined: the failure never reached the server's
 * answer (a dropped connection, a timeout), whatever its own `code` says.
 */
export function databaseError(err: unknown): DatabaseError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DatabaseError;
  }
  return undefined;
}

/** Whether a database error is a unique violation (SQLSTATE 23505) of `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = databaseError(err);
  return e?.code === '23505' && (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
}

// SQLSTATE classes after which the server's state is unknown to us: connection exceptions (08),
// operator intervention such as a shutdown (57), system errors (58).
const UNKNOWN_OUTCOME = /^(08|57|58)/;

/** The database answered this statement with an error: it rolled back, a retry cannot double-write. */
export function refusedByDatabase(err: unknown): boolean {
  const e = databaseError(err);
  return !!e && !UNKNOWN_OUTCOME.test(e.code);
}
