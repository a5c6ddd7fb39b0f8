import type { ErrorCode } from '../errors/errors';
import { statusOf } from '../errors/table';

// Response parts every operation shares: the error body, the rate-limit headers that every
// authenticated answer carries (docs/rate-limits-and-idempotency.md#rate-limits), and Retry-After on 429.

export const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', maxLength: 64, pattern: '^[a-z_]+$', description: 'contract error code, e.g. link_not_found or name_required' },
    need: { type: 'string', enum: ['read', 'write', 'track', 'payouts', 'workspace_key', 'affiliate_key'], description: 'the missing scope or key family (insufficient_scope only)' },
    detail: { type: 'string', maxLength: 1000, description: 'what was wrong, in words; the request id on internal_error' },
  },
  additionalProperties: false,
} as const;

const seconds = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 } as const;
export const HEADERS = {
  RateLimitLimit: { description: 'requests allowed per minute for this key (or, without a valid key, this address)', schema: seconds },
  RateLimitRemaining: { description: 'requests left in the current minute', schema: seconds },
  RateLimitReset: { description: 'seconds until the budget is full again', schema: seconds },
  RetryAfter: { description: 'seconds to wait before retrying', schema: seconds },
  'Access-Control-Allow-Origin': { description: 'always *: keys, never cookies, authenticate (server/http/v1/cors.ts)', schema: { type: 'string', const: '*' } },
} as const;

// Every /v1 answer carries it, errors included.
const cors = { 'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' } };

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

type Response = { description?: string; headers?: Record<string, unknown>; content?: unknown };

/** The error responses of one operation, one per status, each naming its codes. */
export function errorResponses(codes: ErrorCode[]): Record<string, Response> {
  const byStatus = new Map<number, Set<string>>();
  for (const code of codes) byStatus.set(statusOf(code), (byStatus.get(statusOf(code)) ?? new Set()).add(code));
  const out: Record<string, Response> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, unknown> = status === 500 ? { ...cors } : { ...cors, ...rateLimitHeaders };
    if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
    out[status] = {
      description: [...set].join(' | '),
      headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

/** A success response with the rate-limit headers it carries. */
export const withRateLimitHeaders = (response: Response): Response => ({ ...response, headers: { ...response.headers, ...cors, ...rateLimitHeaders } });
