import type { OpenApiMethod } from 'trpc-to-openapi';
import type { ErrorCode } from '../errors/errors';
import type { Access, Meta } from './init';

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
  errors: ErrorCode[];
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
  const codes: ErrorCode[] = ['invalid_request', 'unauthorized', 'insufficient_scope', 'rate_limited', 'internal_error'];
  if (BODY_METHODS.has(method)) codes.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  if (method === 'POST' && access !== 'affiliate') codes.push('idempotency_conflict');
  return codes;
}
