// Typed errors thrown by domain code. They carry a contract code, never an HTTP status:
// table.ts is the one place that turns them into responses.

export const FIXED_CODES = [
  'invalid_json',
  'invalid_request',
  'unauthorized',
  'insufficient_scope',
  'link_not_found',
  'unknown_resource',
  'method_not_allowed',
  'invalid_state',
  'idempotency_conflict',
  'payload_too_large',
  'unsupported_media_type',
  'conversion_failed',
  'rate_limited',
  'internal_error',
] as const;

export type ErrorCode = (typeof FIXED_CODES)[number] | `${string}_required`;

// Recognised by a brand, not by class identity: Next bundles its own copy of this module, so an
// error thrown by the lean entry's services (e.g. the rate limiter) is not `instanceof` the
// class the bundled dispatcher sees, and would turn a 429 into a 500.
const BRAND = Symbol.for('refcount.error');

export class RefcountError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly extra: { need?: string; retryAfter?: number; allow?: string[] } = {},
  ) {
    super(detail ?? code);
    this.name = 'RefcountError';
  }

  static is(err: unknown): err is RefcountError {
    return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** The record addressed by the path is missing or belongs to another tenant (same answer). */
export const notFound = (what: string) => new RefcountError('link_not_found', `${what} not found`);
/** A record referenced in the body or query is not in the workspace. */
export const unknownReference = (field: string) =>
  new RefcountError('unknown_resource', `${field} does not name a record of this workspace`);
export const required = (field: string) => new RefcountError(`${field}_required`, `${field} is required`);
export const invalid = (field: string, why: string) => new RefcountError('invalid_request', `${field}: ${why}`);
export const invalidState = (why: string) => new RefcountError('invalid_state', why);
export const unauthorized = (why = 'missing or invalid bearer token') => new RefcountError('unauthorized', why);
export const insufficientScope = (need: string) =>
  new RefcountError('insufficient_scope', `this operation needs the ${need} scope`, { need });
export const conversionFailed = (why: string) => new RefcountError('conversion_failed', why);
