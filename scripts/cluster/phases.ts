import { call, pool, type Answer } from './http';

// The traffic of the cluster check. Every phase spreads its requests over both nodes and returns
// what was acknowledged, so run.ts can hold the database to it.

export type Node = { name: string; url: string };
export type Ctx = { nodes: Node[]; keys: string[]; affiliates: { id: string; ref: string }[]; requests: { n: number } };

/** JSON with object keys sorted: a stored (jsonb) answer and a fresh one compare equal. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}` : JSON.stringify(v);
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const pick = <T>(list: T[], i: number) => list[i % list.length];

function counted(ctx: Ctx, ...args: Parameters<typeof call>) {
  ctx.requests.n++;
  return call(...args);
}

/** Clicks and sales through both nodes; answers the acknowledged sales' external ids. */
export async function clicksAndSales(ctx: Ctx, clicks: number, sales: number, prefix: string) {
  const tasks: (() => Promise<{ id?: string; a: Answer }>)[] = [];
  for (let i = 0; i < Math.max(clicks, sales); i++) {
    if (i < clicks) {
      tasks.push(async () => ({
        a: await counted(ctx, pick(ctx.nodes, i), 'POST', '/v1/track/click', pick(ctx.keys, i), { ref: pick(ctx.affiliates, i).ref, visitor_id: `${prefix}v${i % 97}` }),
      }));
    }
    if (i < sales) {
      const id = `${prefix}${i}`;
      tasks.push(async () => ({
        id,
        a: await counted(ctx, pick(ctx.nodes, i + 1), 'POST', '/v1/track/sale', pick(ctx.keys, i + 3), { external_id: id, ref: pick(ctx.affiliates, i).ref, amount: 1000 + i }),
      }));
    }
  }
  const out = await pool(tasks, 16);
  return { acked: out.filter((r) => r.id && ok(r.a)).map((r) => r.id!), failed: out.filter((r) => !ok(r.a)).length, clicksAcked: out.filter((r) => !r.id && ok(r.a)).length };
}

/** The same Idempotency-Key and body sent to both nodes at once: one effect, one answer. */
export async function sameKeyBothNodes(ctx: Ctx, path: string, body: unknown, key: string, token: string) {
  const [a, b] = await Promise.all(ctx.nodes.map((n) => counted(ctx, n, 'POST', path, token, body, { 'Idempotency-Key': key })));
  const both = ok(a) && ok(b);
  return { acked: ok(a) || ok(b), agree: !both || canonical(a.body) === canonical(b.body), statuses: [a.status, b.status], body: ok(a) ? a.body : b.body };
}

export async function refunds(ctx: Ctx, externalIds: string[]) {
  const out = await pool(externalIds.map((id, i) => () => counted(ctx, pick(ctx.nodes, i), 'POST', '/v1/track/refund', pick(ctx.keys, i), { external_id: id })), 8);
  return { acked: out.filter(ok).length, failed: out.filter((a) => !ok(a)).length };
}

/** `total` reads on one key alternating between nodes: how many passed and how many got 429. */
export async function rateLimit(ctx: Ctx, token: string, total: number) {
  const out = await pool(Array.from({ length: total }, (_, i) => () => counted(ctx, pick(ctx.nodes, i), 'GET', '/v1/campaigns?limit=1', token)), 20);
  return { passed: out.filter(ok).length, limited: out.filter((a) => a.status === 429).length, byNode: ctx.nodes.map((n) => out.filter((a) => a.node === n.name && ok(a)).length) };
}
