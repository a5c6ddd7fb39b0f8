import type { OpenApiMethod } from 'trpc-to-openapi';
import type { ErrorCode } from '../errors/errors';
import type { Access, Meta } from './init';

// What an operation can answer by being an operation: a bad value anywhere, a missing or weak
// key, the budget, a crash; with a body, its framing; a workspace POST, a reused Idempotency-Key.
const EVERY_OPERATION = ['invalid_request', 'unauthorized', 'insufficient_scope', 'rate_limited', 'internal_error'] as const;
const WITH_BODY = ['invalid_json', 'payload_too_large', 'unsupported_media_type'] as const;
const IDEMPOTENT_POST = ['idempotency_conflict'] as const;
type ImpliedCode = (typeof EVERY_OPERATION)[number] | (typeof WITH_BODY)[number] | (typeof IDEMPOTENT_POST)[number];
/** The codes an operation documents itself: the type refuses the implied ones, so no list repeats them. */
export type OwnErrorCode = Exclude<ErrorCode, ImpliedCode>;

type Operation = {
  method: OpenApiMethod;
  path: `/${string}`;
  summary: string;
  tags: string[];
  /**
   * Contract error codes of this operation's own logic. What every operation of its kind can
   * answer (unauthorized, insufficient_scope, rate_limited, framing errors of a body, ...) is
   * added by the document (impliedErrors), so it is never listed, or forgotten, here.
   */
  errors: OwnErrorCode[];
  successStatus?: 200 | 201;
  description?: string;
  protect?: boolean;
};

/** A procedure's REST metadata, with its documented errors named by contract code. */
export function operation(op: Operation): Meta {
  const { errors, successStatus, ...openapi } = op;
  return { successStatus, errors, openapi };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What any operation of this access and method can answer besides its own errors. */
export function impliedErrors(access: Access | undefined, method: string): ErrorCode[] {
  // invalid_request: any value of the query or body may be refused (a NUL character, say).
  const codes: ErrorCode[] = [...EVERY_OPERATION];
  if (BODY_METHODS.has(method)) codes.push(...WITH_BODY);
  if (method === 'POST' && access !== 'affiliate') codes.push(...IDEMPOTENT_POST);
  return codes;
}
