import { RefcountError } from '../../errors/errors';
import { bodyInput, queryInput } from './input';
import type { Route } from './routes';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export type Framed = { input: Record<string, unknown>; error: RefcountError | null };

/** Runs a framing step; a contract error becomes the deferred answer, anything else propagates. */
export async function framed(step: () => Promise<Record<string, unknown>> | Record<string, unknown>): Promise<Framed> {
  try {
    return { input: await step(), error: null };
  } catch (err) {
    if (RefcountError.is(err)) return { input: {}, error: err };
    throw err;
  }
}

/**
 * Turns one request into the procedure's raw input. What is wrong with the request's framing
 * (body, content type, path escapes, an id in both path and body) is found here but answered
 * only after authentication, so a caller without a valid key always learns 401 first.
 */
export function routeInput(
  req: { method: string; query: URLSearchParams; header: (name: string) => string | null; body: () => Promise<string> },
  route: Route,
  params: Record<string, string>,
): Promise<Framed> {
  return framed(async () => {
    const key = req.method === 'POST' ? req.header('idempotency-key') : null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      throw new RefcountError('invalid_request', 'Idempotency-Key: use 1-255 visible ASCII characters');
    }
    for (const [name, value] of Object.entries(params)) {
      if (value.includes('\u0000')) throw new RefcountError('link_not_found', `no record has this ${name}`);
    }
    const fields = BODY_METHODS.has(req.method) ? bodyInput(await req.body(), req.header('content-type')) : queryInput(req.query, route.shape);
    const clash = Object.keys(params).find((name) => name in fields);
    if (clash) throw new RefcountError('invalid_request', `unknown field: ${clash} (it is given by the path)`);
    return { ...fields, ...params };
  });
}
