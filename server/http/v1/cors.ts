// /v1 is authenticated by bearer keys, never cookies, so a page of another origin gains nothing it
// could not do from a server: browsers may call it (as Stripe's API allows), and may read the
// rate-limit and request-id headers. Credentials are never allowed.

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, Idempotent-Replayed',
};

/** The answer to a preflight of a path whose methods are `allow`. */
export const preflight = (allow: string[]) => ({
  status: 204,
  headers: {
    'Access-Control-Allow-Methods': allow.join(', '),
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, X-Request-Id',
    'Access-Control-Max-Age': '600',
    Allow: allow.join(', '),
  },
  body: null,
});
