import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { affiliateTaxForms, auditEvents, payouts, webhookEvents, workspaceSettings } from '@/db/schema';
import { createUser } from '../users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { seedPayout } from '../../testing/seed';
import { dashboardCaller, failure, portalCaller } from '../../testing/session-caller';

// Tax forms end to end (docs/paying-affiliates.md#tax-forms): the portal submission and its
// refusals, the manager's masked read, the payout gate at the threshold's edge, the year-end
// export, and the tax id absent from everything but that export.

process.env.NEXTAUTH_SECRET ??= 'test-install-secret-material';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

const TODAY = new Date().toISOString().slice(0, 10);
const YEAR = new Date().getUTCFullYear();
const SSN = '123-45-6789';
const w9 = (over: Record<string, unknown> = {}) => ({
  kind: 'w9' as const,
  legal_name: 'Ada Lovelace',
  country: 'us',
  tax_id: SSN,
  address_line1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  signature_name: 'ada lovelace',
  signed_on: TODAY,
  ...over,
});
const w8 = (over: Record<string, unknown> = {}) => ({
  kind: 'w8ben' as const,
  legal_name: 'Grace Hopper',
  country: 'DE',
  tax_id: 'DE 12/345/67890',
  signature_name: 'Grace Hopper',
  signed_on: TODAY,
  ...over,
});

async function setup() {
  const ws = await moneyWorkspace(api);
  const a = await moneyAffiliate(api, ws);
  const portal = portalCaller(api, { workspaceId: ws.id, affiliateId: a.affiliate.id }).portal;
  return { ws, a, portal };
}
const formsOf = (workspaceId: string) => api.db.select().from(affiliateTaxForms).where(eq(affiliateTaxForms.workspaceId, workspaceId));

describe('portal: submitting a tax form', () => {
  it('a W-9: stored sealed, shown masked, the manager reads it masked', async () => {
    const { ws, a, portal } = await setup();
    expect((await portal.taxForm({})).data).toBeNull();
    const res = await portal.submitTaxForm(w9());
    expect(res.data).toMatchObject({ kind: 'w9', legal_name: 'Ada Lovelace', country: 'US', tax_id_masked: '••••6789', signed_on: TODAY, region: 'IL' });
    expect(JSON.stringify(res)).not.toContain('123456789');
    expect((await portal.taxForm({})).data).toEqual(res.data);
    const [row] = await formsOf(ws.id);
    expect(row.taxIdSealed).not.toContain('6789');
    expect(row.taxIdLast4).toBe('6789');
    const manager = await api.call('GET', `/v1/affiliates/${a.affiliate.id}/tax-form`, { token: ws.token });
    expect(manager.status).toBe(200);
    expect(manager.body).toEqual({ object: 'tax_form', data: res.data });
  });

  it('a W-8BEN; a new form replaces the current one and the old stays as history', async () => {
    const { ws, portal } = await setup();
    const first = await portal.submitTaxForm(w8());
    expect(first.data).toMatchObject({ kind: 'w8ben', country: 'DE', tax_id_masked: '••••7890', address_line1: null });
    const second = await portal.submitTaxForm(w8({ tax_id: 'DE-99999-1234' }));
    expect((await portal.taxForm({})).data?.id).toBe(second.data?.id);
    const rows = await formsOf(ws.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.data?.id)?.replacedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === second.data?.id)?.replacedAt).toBeNull();
  });

  it.each([
    ['a W-9 TIN of 8 digits', w9({ tax_id: '12345678' }), 'invalid_request'],
    ['a W-9 TIN with letters', w9({ tax_id: '12345678X' }), 'invalid_request'],
    ['a W-9 for a non-US person', w9({ country: 'GB' }), 'invalid_request'],
    ['a W-8BEN for a US person', w8({ country: 'US' }), 'invalid_request'],
    ['a signature that is not the legal name', w9({ signature_name: 'Ada King' }), 'invalid_request'],
    ['a date that is not today', w9({ signed_on: '2020-01-01' }), 'invalid_request'],
    ['a foreign tax id with other characters', w8({ tax_id: '=1+2' }), 'invalid_request'],
    ['a too-long legal name', w9({ legal_name: 'x'.repeat(201), signature_name: 'x'.repeat(201) }), 'invalid_request'],
    ['a country that is no code', w8({ country: 'Germany' }), 'invalid_request'],
    ['an unknown field', w9({ ssn: '1' }), 'invalid_request'],
  ])('refuses %s and changes nothing', async (_, input, error) => {
    const { ws, portal } = await setup();
    await portal.submitTaxForm(w8());
    const before = await formsOf(ws.id);
    const audits = await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    const f = await failure(portal.submitTaxForm(input as never), input);
    expect(f).toMatchObject({ status: 400, error });
    expect(await formsOf(ws.id)).toEqual(before);
    expect(await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id))).toHaveLength(audits.length);
  });

  it("another workspace's affiliate is 404 to the manager", async () => {
    const { a, portal } = await setup();
    await portal.submitTaxForm(w9());
    const other = await moneyWorkspace(api);
    const res = await api.call('GET', `/v1/affiliates/${a.affiliate.id}/tax-form`, { token: other.token });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Lovelace');
  });
});

describe('the payout gate', () => {
  const THRESHOLD = 200_000;
  async function gated() {
    const ws = await moneyWorkspace(api);
    await api.db.update(workspaceSettings).set({ taxFormRequired: true, taxFormThreshold: THRESHOLD }).where(eq(workspaceSettings.workspaceId, ws.id));
    /** An affiliate paid `before` this year, with `due` approved now. */
    const payee = async (before: number, due: number, over: { paidAt?: Date; currency?: string } = {}) => {
      const p = await moneyAffiliate(api, ws);
      if (before) await seedPayout(api.db, { workspaceId: ws.id, affiliateId: p.affiliate.id }, { amount: before, status: 'paid', paidAt: over.paidAt ?? new Date() });
      await p.earn({ amount: due, status: 'approved', currency: over.currency ?? 'usd' });
      return p.affiliate.id;
    };
    return { ws, payee };
  }
  const reasons = (body: { data: { skipped: { affiliate_id: string; reason: string }[] } }) =>
    Object.fromEntries(body.data.skipped.map((s) => [s.affiliate_id, s.reason]));

  it('pays up to exactly the threshold, skips above it, pays with a form; preview and batch agree', async () => {
    const { ws, payee } = await gated();
    const below = await payee(150_000, 49_999);
    const equal = await payee(150_000, 50_000);
    const above = await payee(150_000, 50_001);
    const pending = await api.db.select().from(payouts).where(eq(payouts.workspaceId, ws.id));
    expect(pending).toHaveLength(3);
    // a pending payout counts too
    const abovePending = await payee(0, 50_001);
    await seedPayout(api.db, { workspaceId: ws.id, affiliateId: abovePending }, { amount: 150_000, status: 'pending' });
    const lastYear = await payee(150_000, 50_001, { paidAt: new Date(Date.UTC(YEAR - 1, 11, 31, 23, 59)) });
    const withForm = await payee(150_000, 50_001);
    await portalCaller(api, { workspaceId: ws.id, affiliateId: withForm }).portal.submitTaxForm(w8());
    const foreign = await payee(0, 6_000, { currency: 'eur' });

    const preview = await api.call('GET', '/v1/payouts/preview', { token: ws.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(reasons(preview.body)).toEqual({ [above]: 'tax_form_required', [abovePending]: 'tax_form_required', [foreign]: 'tax_form_required' });
    const batch = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(batch.status).toBe(201);
    expect(batch.body.data.map((p: { affiliate_id: string }) => p.affiliate_id).sort()).toEqual([below, equal, lastYear, withForm].sort());
  });

  it('off (the default): the same affiliate is paid', async () => {
    const { ws, payee } = await gated();
    await api.db.update(workspaceSettings).set({ taxFormRequired: false }).where(eq(workspaceSettings.workspaceId, ws.id));
    const above = await payee(150_000, 50_001);
    const batch = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(batch.body.data.map((p: { affiliate_id: string }) => p.affiliate_id)).toEqual([above]);
  });
});

describe('GET /v1/payouts/tax-export.csv', () => {
  it('one line per US payee paid above the threshold that year, with the unsealed TIN; write scope only', async () => {
    const ws = await moneyWorkspace(api);
    const paidIn = (year: number) => new Date(Date.UTC(year, 5, 1));
    const mk = async (form: 'w9' | 'w8' | null, paid: number[], year = 2026, extra: Record<string, unknown> = {}) => {
      const p = await moneyAffiliate(api, ws);
      if (form) await portalCaller(api, { workspaceId: ws.id, affiliateId: p.affiliate.id }).portal.submitTaxForm(form === 'w9' ? w9(extra) : w8(extra));
      for (const amount of paid) await seedPayout(api.db, { workspaceId: ws.id, affiliateId: p.affiliate.id }, { amount, status: 'paid', paidAt: paidIn(year) });
      return p.affiliate.id;
    };
    const over = await mk('w9', [150_000, 50_001], 2026, { legal_name: '=Bad Co', signature_name: '=bad co', tax_id: '98-7654321' });
    const exact = await mk('w9', [200_000]);
    const big = await mk('w9', [300_000, 12_345]);
    await mk('w8', [900_000]);
    await mk(null, [900_000]);
    await mk('w9', [900_000], 2025);
    const b = await moneyAffiliate(api, ws);
    await seedPayout(api.db, { workspaceId: ws.id, affiliateId: exact }, { amount: 50_000, status: 'pending' });
    await seedPayout(api.db, { workspaceId: ws.id, affiliateId: b.affiliate.id }, { amount: 50_000, status: 'paid', paidAt: paidIn(2026) });

    const res = await api.call('GET', '/v1/payouts/tax-export.csv?year=2026', { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Recipient Name,Recipient TIN,Address Line 1,Address Line 2,City,State,ZIP,Country,Box 1 Nonemployee Compensation,Tax Year,Account Number');
    expect(lines.slice(1)).toEqual([
      `'=Bad Co,987654321,1 Main St,,Springfield,IL,62701,US,2000.01,2026,${over}`,
      `Ada Lovelace,123456789,1 Main St,,Springfield,IL,62701,US,3123.45,2026,${big}`,
    ]);
    const readOnly = await ws.keyFor(['read']);
    expect((await api.call('GET', '/v1/payouts/tax-export.csv?year=2026', { token: readOnly })).status).toBe(403);
    expect((await api.call('GET', '/v1/payouts/tax-export.csv?year=1999', { token: ws.token })).status).toBe(400);
    const other = await moneyWorkspace(api);
    expect(String((await api.call('GET', '/v1/payouts/tax-export.csv?year=2026', { token: other.token })).body).split('\r\n')).toHaveLength(2);
  });
});

describe('secrecy: the tax id is nowhere but the tax export', () => {
  it('not in logs, errors, the audit log, webhook events, reads or other exports', async () => {
    const TIN = '987-65-4320';
    const bare = '987654320';
    const FOREIGN = 'ZZ-SECRET-4455';
    const { ws, a, portal } = await setup();
    const written: string[] = [];
    const capture = (chunk: unknown) => (written.push(String(chunk)), true);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const errors: string[] = [];
    // refusals carrying the tax id
    for (const bad of [w9({ tax_id: TIN, signature_name: 'Someone Else' }), w9({ tax_id: `${TIN}0` }), w8({ tax_id: FOREIGN, country: 'US' })]) {
      try {
        await portal.submitTaxForm(bad as never);
      } catch (e) {
        errors.push(JSON.stringify(e), String((e as Error).message));
      }
    }
    expect(errors.length).toBe(6);
    await portal.submitTaxForm(w8({ tax_id: FOREIGN }));
    await portal.submitTaxForm(w9({ tax_id: TIN }));
    const owner = await createUser(api.db, { email: `owner-${a.affiliate.id}@example.com`, password: 'password-1', workspaceId: ws.id, role: 'owner' });
    await seedPayout(api.db, { workspaceId: ws.id, affiliateId: a.affiliate.id }, { amount: 300_000, status: 'paid', paidAt: new Date(Date.UTC(2026, 1, 1)) });
    await seedPayout(api.db, { workspaceId: ws.id, affiliateId: a.affiliate.id }, { amount: 1_000, status: 'pending' });
    await a.earn({ amount: 9_000, status: 'approved' });
    await api.call('POST', '/v1/payouts', { token: ws.token });
    const reads = [
      JSON.stringify(await portal.taxForm({})),
      JSON.stringify(await portal.me({})),
      JSON.stringify((await api.call('GET', `/v1/affiliates/${a.affiliate.id}/tax-form`, { token: ws.token })).body),
      JSON.stringify((await api.call('GET', `/v1/affiliates/${a.affiliate.id}`, { token: ws.token })).body),
      String((await api.call('GET', '/v1/payouts/export.csv', { token: ws.token })).body),
      JSON.stringify((await api.call('GET', '/v1/payouts', { token: ws.token })).body),
      JSON.stringify((await api.call('GET', '/v1/audit-events', { token: ws.token })).body),
      JSON.stringify(await dashboardCaller(api, owner.id).affiliates.tableCsv({})),
      JSON.stringify(await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id))),
      JSON.stringify(await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, ws.id))),
      JSON.stringify(await api.db.select().from(affiliateTaxForms).where(and(eq(affiliateTaxForms.workspaceId, ws.id)))),
    ];
    const exported = String((await api.call('GET', '/v1/payouts/tax-export.csv?year=2026', { token: ws.token })).body);
    vi.restoreAllMocks();
    // The checks can fail: the export does carry the id, and the audit log has the submissions.
    expect(exported).toContain(bare);
    expect(reads[8]).toContain('tax_form.submitted');
    expect(reads[8]).toContain('••••4320');
    for (const text of [...written, ...errors, ...reads]) {
      for (const secret of [TIN, bare, FOREIGN, 'SECRET']) expect(text).not.toContain(secret);
    }
  });
});
