// What every benchmark request carries, shared by the load generators and the same-SQL replay
// (which must not import the load generators' dependencies).

/** Names the benchmark path: several share a route (sales by ref, by cookie, renewals), and the same-SQL replay needs to know which. */
export const BENCH_PATH_HEADER = 'x-bench-path';

export const benchHeaders = (token: string, path?: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  ...(path ? { [BENCH_PATH_HEADER]: path } : {}),
});

/** Body fields the same-SQL replay takes from each request instead of the captured one's. */
const PER_REQUEST_FIELDS = ['external_id', 'customer_id', 'visitor_id'] as const;
export const perRequestValues = (body: Record<string, unknown> | undefined) =>
  PER_REQUEST_FIELDS.flatMap((f) => (typeof body?.[f] === 'string' ? [[f, body[f] as string] as const] : []));
