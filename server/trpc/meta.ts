import type { OpenApiMethod } from 'trpc-to-openapi';
import type { ErrorCode } from '../errors/errors';
import { statusOf } from '../errors/table';
import type { Meta } from './init';

type Operation = {
  method: OpenApiMethod;
  path: `/${string}`;
  summary: string;
  tags: string[];
  /** Contract error codes this operation can answer; grouped by status in the document. */
  errors: ErrorCode[];
  successStatus?: 200 | 201;
  description?: string;
  protect?: boolean;
};

/** A procedure's REST metadata, with its documented errors named by contract code. */
export function operation(op: Operation): Meta {
  const errorResponses: Record<number, string> = {};
  for (const code of op.errors) {
    const status = statusOf(code);
    errorResponses[status] = errorResponses[status] ? `${errorResponses[status]} | ${code}` : code;
  }
  const { errors: _errors, successStatus, ...openapi } = op;
  return { successStatus, openapi: { ...openapi, errorResponses } };
}
