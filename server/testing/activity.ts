import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { schemaTables } from '@/db/tables';
import { seedDemo } from '../domain/demo/seed';
import { liveRollups } from '../domain/rollups/live';
import { rowsOf } from '../lib/rows';
import type { TestApi } from './api';

/**
 * The demo workspace plus a program's life through the real API, so every kind of record exists:
 * an invitation (e-mail outbox), a link, an idempotent click, an approved and paid sale then
 * partly refunded (a negative clawback), a chargeback, a product, a reward, a webhook endpoint,
 * an affiliate key and a risk assessment. Needs WEBHOOK_ALLOW_PRIVATE_URLS=true on `api`.
 */
export async function seedActivity(api: TestApi) {
  const demo = await seedDemo(api.db);
  const token = demo.token;
  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const res = await api.call(method, path, { token, body, headers });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await call('PATCH', '/v1/settings', { hold_days: 0, min_payout: 100 });
  const campaign = (await call('GET', '/v1/campaigns')).data.find((c: { name: string }) => c.name === 'Partner program');
  const invite = await call('POST', '/v1/affiliates/invite', { email: 'mia@example.com', name: 'Mia', campaign_id: campaign.id });
  const affiliateId = invite.data.affiliate_id;
  await call('PATCH', `/v1/affiliates/${affiliateId}`, { status: 'active' });
  await call('POST', '/v1/links', { affiliate_id: affiliateId });
  const click = await call('POST', '/v1/track/click', { ref: invite.data.ref_code }, { 'Idempotency-Key': 'click-1' });
  const sale = await call('POST', '/v1/track/sale', { external_id: 'ord_mia_1', visitor_id: click.visitor_id, amount: 12_345 });
  const [commission] = (await call('GET', `/v1/commissions?conversion_id=${sale.conversion_id}`)).data;
  await call('PATCH', `/v1/commissions/${commission.id}`, { status: 'approved' });
  const [payout] = (await call('POST', '/v1/payouts')).data;
  await call('POST', `/v1/payouts/${payout.id}/status`, { status: 'paid' });
  await call('POST', '/v1/track/refund', { external_id: 'ord_mia_1', amount: 2_345 });
  await call('POST', '/v1/track/refund', { external_id: 'demo_ada_0', reason: 'chargeback' });
  await call('POST', '/v1/products', { provider_product_id: 'prod_enterprise', name: 'Enterprise plan' });
  await call('POST', '/v1/rewards', { name: '20 % for a year', terms: { amount: 20, length_type: 'limited', length_months: 12 } });
  await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] });
  const key = await call('POST', `/v1/affiliates/${affiliateId}/keys`, {});
  await call('POST', '/v1/risk/assessments', { affiliate_id: affiliateId });
  return { ...demo, affiliateId, affiliateToken: key.data.token as string };
}

/** Rows per table of the schema and the money sums (exact, as text): what moving the data must keep. */
export async function census(database: Database) {
  const counts: Record<string, number> = {};
  for (const t of schemaTables()) counts[t.name] = (await rowsOf<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${t.sqlName}`)))[0].n;
  const [money] = await rowsOf<Record<string, string>>(database.db, sql`select
    (select coalesce(sum(amount), 0) from conversions)::text as sales,
    (select coalesce(sum(refunded_amount), 0) from conversions)::text as refunded,
    (select coalesce(sum(amount), 0) from commissions)::text as commissions,
    (select coalesce(sum(amount), 0) from commissions where amount < 0)::text as clawbacks,
    (select coalesce(sum(amount), 0) from payouts)::text as payouts,
    (select coalesce(sum(revenue), 0) from ${liveRollups} r)::text as rollup_revenue,
    (select coalesce(sum(commissions), 0) from ${liveRollups} r)::text as rollup_commissions`);
  return { counts, money };
}
