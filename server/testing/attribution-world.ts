import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clicks } from '@/db/schema';
import type { TestApi } from './api';

// Test support for the attribution suites: workspaces built through /v1, clicks placed in time,
// sales answered as who earned them, by which method and model, with the receipt.

export const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
export const at = (ms: number) => new Date(T0 + ms);

export type CampaignOpts = { model: 'first_click' | 'last_click'; windowDays?: number };

/** A workspace with the given campaigns (30 % rule each) and two active affiliates per campaign. */
export async function world(api: TestApi, ...specs: CampaignOpts[]) {
  const ws = await api.workspace(['*']);
  const token = ws.token;
  const ok = async (method: string, path: string, body: unknown) => {
    const res = await api.call(method, path, { token, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data ?? res.body;
  };
  const tag = ws.id.slice(-6);
  const camps = [];
  for (const [i, s] of specs.entries()) {
    const c = await ok('POST', '/v1/campaigns', { name: `C${i}`, attribution_model: s.model, cookie_window_days: s.windowDays ?? 30 });
    await ok('PUT', `/v1/campaigns/${c.id}/commission-rule`, { amount: 30 });
    const aff = async (n: string) => {
      const ref = `${tag}-${i}${n}`;
      const a = await ok('POST', '/v1/affiliates', { email: `${ref}@example.com`, name: ref, ref_code: ref, status: 'active', campaign_id: c.id });
      return { id: a.id as string, ref };
    };
    camps.push({ id: c.id as string, x: await aff('x'), y: await aff('y') });
  }

  /** A click through the API, then moved to `when`: /v1/track/click stamps the database's now(). */
  async function click(body: Record<string, unknown>, when: Date) {
    const res = await api.call('POST', '/v1/track/click', { token, body });
    expect(res.body).toMatchObject({ ok: true });
    const [last] = await api.db
      .select({ id: clicks.id })
      .from(clicks)
      .where(and(eq(clicks.workspaceId, ws.id), eq(clicks.visitorKey, res.body.visitor_id)))
      .orderBy(desc(clicks.id))
      .limit(1);
    await api.db.update(clicks).set({ ts: when }).where(eq(clicks.id, last.id));
    return { visitorId: res.body.visitor_id as string, method: res.body.match_method as string, clickId: last.id };
  }

  let n = 0;
  /** A sale at `when`; answers who earned it, by which method and model, and the receipt. */
  async function sale(body: Record<string, unknown>, when: Date) {
    const res = await api.call('POST', '/v1/track/sale', { token, body: { external_id: `o${n++}`, amount: 10_000, ts: when.toISOString(), ...body } });
    expect(res.status).toBe(200);
    if (!res.body.attributed) return { affiliateId: null, method: null, code: null, model: null, touches: [], chosen: null, confidence: null, commission: null };
    const id = res.body.conversion_id;
    const conv = (await api.call('GET', `/v1/conversions/${id}`, { token })).body.data;
    const receipt = (await api.call('GET', `/v1/conversions/${id}/attribution`, { token })).body.data;
    const [commission] = (await api.call('GET', `/v1/commissions?conversion_id=${id}`, { token })).body.data;
    return {
      id,
      affiliateId: conv.affiliate_id as string,
      method: receipt.method as string,
      code: receipt.code as { id: string; code: string } | null,
      model: receipt.model as string | null,
      confidence: receipt.confidence as number,
      touches: receipt.touches as { click_id: string; affiliate_id: string; chosen: boolean }[],
      chosen: (receipt.touches as { click_id: string; chosen: boolean }[]).find((t) => t.chosen)?.click_id ?? null,
      commission: commission ? { affiliateId: commission.affiliate_id as string, amount: commission.amount as number } : null,
    };
  }

  return { ws, token, camps, click, sale, ok };
}
