import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { RefcountError, type ErrorCode } from './errors';
import { fromZodIssues } from './zod';

// The one table from contract codes to HTTP statuses (docs/errors.md).
const STATUS: Record<Exclude<ErrorCode, `${string}_required`>, number> = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  link_not_found: 404,
  unknown_resource: 404,
  method_not_allowed: 405,
  invalid_state: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  conversion_failed: 422,
  rate_limited: 429,
  internal_error: 500,
};

export const statusOf = (code: ErrorCode): number =>
  code.endsWith('_required') ? 400 : (STATUS[code as keyof typeof STATUS] ?? 500);

export type ErrorBody = { error: string; need?: string; detail?: string };
export type ApiErrorResponse = { status: number; body: ErrorBody; headers: Record<string, string>; unexpected: boolean };

// By name as well as class: the Next bundle and the lean entry each load their own copy of these
// libraries, and an error crossing between them fails `instanceof`.
const isTrpcError = (e: unknown): e is TRPCError => e instanceof TRPCError || (e instanceof Error && e.name === 'TRPCError');
const isZodError = (e: unknown): e is ZodError => e instanceof ZodError || (e instanceof Error && e.name === 'ZodError' && Array.isArray((e as ZodError).issues));

const isSyntaxError = (e: unknown) => e instanceof SyntaxError || (e instanceof Error && e.name === 'SyntaxError');

/**
 * What tRPC's HTTP adapter itself refuses (the dashboard's and portal's endpoints): the body or
 * `?input=` is not JSON, an unknown procedure, a query sent as POST or a mutation as GET, a batch
 * it cannot read. The same codes as /v1; the Allow header is the transport's (it knows the
 * procedure). Anything else, INTERNAL_SERVER_ERROR above all, stays unexpected.
 */
function fromTrpcFraming(err: TRPCError): RefcountError | undefined {
  switch (err.code) {
    case 'PARSE_ERROR':
      return new RefcountError('invalid_json', 'request body is not valid JSON');
    case 'BAD_REQUEST':
      if (isSyntaxError(err.cause)) return new RefcountError('invalid_json', 'request body is not valid JSON');
      // Without a cause the message is tRPC's own sentence about the request (a batch it refuses).
      return new RefcountError('invalid_request', err.cause ? 'request body could not be read' : err.message);
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new RefcountError('unsupported_media_type', 'send the body as application/json');
    case 'NOT_FOUND':
      return new RefcountError('unknown_resource', 'no such procedure');
    case 'METHOD_NOT_SUPPORTED':
      return new RefcountError('method_not_allowed', 'use GET for a query and POST for a mutation');
    case 'PAYLOAD_TOO_LARGE':
      return new RefcountError('payload_too_large', 'body over 64 KiB');
    default:
      return undefined;
  }
}

/** Unwraps whatever a procedure threw into the contract's status, body and headers. */
export function toApiError(err: unknown, rawInput: unknown, requestId: string): ApiErrorResponse {
  const cause = isTrpcError(err) && err.cause ? err.cause : err;
  let known: RefcountError | undefined;
  if (RefcountError.is(cause)) known = cause;
  // A ZodError is bad input when it comes from input parsing (tRPC's BAD_REQUEST, or a tracking
  // handler's own parse); inside INTERNAL_SERVER_ERROR it is our output failing its schema.
  else if (isZodError(cause) && (!isTrpcError(err) || err.code === 'BAD_REQUEST')) known = fromZodIssues(cause.issues, rawInput);
  else if (isTrpcError(err)) known = fromTrpcFraming(err);
  if (!known) {
    // Never a stack, SQL or message of an unexpected error in the body: only the request id.
    return { status: 500, body: { error: 'internal_error', detail: requestId }, headers: {}, unexpected: true };
  }
  const body: ErrorBody = { error: known.code };
  if (known.extra.need) body.need = known.extra.need;
  if (known.detail) body.detail = known.detail;
  const headers: Record<string, string> = {};
  if (known.code === 'unauthorized') headers['WWW-Authenticate'] = 'Bearer';
  if (known.extra.retryAfter !== undefined) headers['Retry-After'] = String(known.extra.retryAfter);
  if (known.extra.allow) headers.Allow = known.extra.allow.join(', ');
  return { status: statusOf(known.code), body, headers, unexpected: false };
}
