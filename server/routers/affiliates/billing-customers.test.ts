import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateBillingCustomers, auditEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// PUT/GET /v1/affiliates/{id}/billing-customers: the affiliate's own customer at a billing
// provider, where rewards with delivery_target affiliate go (docs/rewards-in-billing.md).

let api: TestApi;
let p: Program;
let other: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'bca' });
  other = await startProgram(api, { prefix: 'bcb' });
});
afterAll(() => api.close());

const put = (affiliateId: string, provider: string, body: unknown, token = p.token) =>
  api.call('PUT', `/v1/affiliates/${affiliateId}/billing-customers/${provider}`, { token, body });
const stored = () => api.db.select().from(affiliateBillingCustomers).where(eq(affiliateBillingCustomers.workspaceId, p.ws.id));

describe('affiliate billing customers', () => {
  it('sets, replaces, lists and removes one per provider, audited', async () => {
    const set = await put(p.a.id, 'stripe', { customer_id: 'cus_Affiliate01' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ object: 'affiliate_billing_customers', data: [{ provider: 'stripe', customer_id: 'cus_Affiliate01' }] });
    await put(p.a.id, 'paddle', { customer_id: 'ctm_01h8441jn5pcwrfhwh78jqt8hk' });
    const replaced = await put(p.a.id, 'stripe', { customer_id: 'cus_Affiliate02' });
    expect(replaced.body.data.map((d: { provider: string; customer_id: string }) => [d.provider, d.customer_id])).toEqual([
      ['paddle', 'ctm_01h8441jn5pcwrfhwh78jqt8hk'],
      ['stripe', 'cus_Affiliate02'],
    ]);
    const listed = await api.call('GET', `/v1/affiliates/${p.a.id}/billing-customers`, { token: p.token });
    expect(listed.body.data).toHaveLength(2);
    const removed = await put(p.a.id, 'paddle', { customer_id: null });
    expect(removed.body.data).toEqual([expect.objectContaining({ provider: 'stripe' })]);
    const audit = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, p.a.id)));
    expect(audit.filter((e) => JSON.stringify(e.changes).includes('billing_customer'))).toHaveLength(4);
  });

  it('refuses bad input and other workspaces’ affiliates, changing nothing', async () => {
    const before = await stored();
    for (const [provider, body] of [
      ['stripe', { customer_id: 'ctm_01h8441jn5pcwrfhwh78jqt8hk' }],
      ['paddle', { customer_id: 'cus_Affiliate01' }],
      ['stripe', { customer_id: '' }],
      ['stripe', { customer_id: 'cus_x', extra: 1 }],
      ['braintree', { customer_id: 'cus_x' }],
    ] as const) {
      const res = await put(p.b.id, provider, body);
      expect(res.status, JSON.stringify([provider, body])).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect((await put(p.b.id, 'stripe', {})).body.error).toBe('customer_id_required');
    const foreign = await put(other.a.id, 'stripe', { customer_id: 'cus_Foreign01' });
    expect(foreign.status).toBe(404);
    expect((await api.call('GET', `/v1/affiliates/${other.a.id}/billing-customers`, { token: p.token })).status).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
