import { asc, eq } from 'drizzle-orm';
import { commissions, conversions } from '@/db/schema';
import type { TestApi } from './api';

/**
 * A running program built through the real API: a campaign with a 30 % default rule and two
 * active affiliates (ref codes `${prefix}a`, `${prefix}b`), plus shorthands for tracking calls.
 */
export async function startProgram(api: TestApi, opts: { prefix?: string; settings?: Record<string, unknown> } = {}) {
  const ws = await api.workspace(['*']);
  const token = ws.token;
  const p = opts.prefix ?? 'aff';
  const post = async (path: string, body: unknown) => {
    const res = await api.call('POST', path, { token, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data ?? res.body;
  };
  if (opts.settings) await api.call('PATCH', '/v1/settings', { token, body: opts.settings });
  const campaign = await post('/v1/campaigns', { name: 'Main', destination_url: 'https://shop.example.com' });
  await api.call('PUT', `/v1/campaigns/${campaign.id}/commission-rule`, { token, body: { amount: 30 } });
  const a = await post('/v1/affiliates', { email: `${p}a@example.com`, name: 'A', ref_code: `${p}a`, status: 'active', campaign_id: campaign.id });
  const b = await post('/v1/affiliates', { email: `${p}b@example.com`, name: 'B', ref_code: `${p}b`, status: 'active', campaign_id: campaign.id });
  return {
    ws,
    token,
    campaign,
    a: { id: a.affiliate_id ?? a.id, ref: `${p}a` },
    b: { id: b.affiliate_id ?? b.id, ref: `${p}b` },
    track: (kind: 'click' | 'lead' | 'sale' | 'refund', body: unknown) => api.call('POST', `/v1/track/${kind}`, { token, body }),
    /** A sale referred by affiliate A (its ref code), answering the conversion id. */
    sale: async (externalId: string, amount = 10_000) =>
      (await api.call('POST', '/v1/track/sale', { token, body: { external_id: externalId, ref: `${p}a`, amount } })).body.conversion_id as string,
    patchConversion: (id: string, body: unknown) => api.call('PATCH', `/v1/conversions/${id}`, { token, body }),
    conversion: async (id: string) => (await api.db.select().from(conversions).where(eq(conversions.id, id)))[0],
    ledger: (conversionId: string) =>
      api.db.select().from(commissions).where(eq(commissions.conversionId, conversionId)).orderBy(asc(commissions.createdAt), asc(commissions.id)),
  };
}

export type Program = Awaited<ReturnType<typeof startProgram>>;

/** Sum of an affiliate's live commission rows (not reversed, not denied) on one conversion. */
export const liveSum = (rows: { affiliateId: string; amount: number; status: string }[], affiliateId: string) =>
  rows.filter((r) => r.affiliateId === affiliateId && r.status !== 'reversed' && r.status !== 'denied').reduce((s, r) => s + r.amount, 0);
