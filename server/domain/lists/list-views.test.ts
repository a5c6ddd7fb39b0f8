import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { dashboardCaller, failure } from '../../testing/session-caller';

// The dashboard's list views: names instead of ids, server-side search, sort, pages and CSV.
let api: TestApi;
let p: Program;
let manager: ReturnType<typeof dashboardCaller>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'lv' });
  const user = await createUser(api.db, { email: 'lists@example.com', password: 'password-1', workspaceId: p.ws.id });
  manager = dashboardCaller(api, user.id);
  await api.call('PATCH', `/v1/affiliates/${p.b.id}`, { token: p.token, body: { name: 'Zoe 100%_off' } });
  await p.track('click', { ref: p.a.ref });
  await p.track('click', { ref: p.a.ref });
  await p.track('sale', { external_id: 'ord-big', ref: p.a.ref, amount: 20_000, customer_id: 'cus_big' });
  await p.track('sale', { external_id: 'ord-old', ref: p.b.ref, amount: 5_000, ts: new Date(Date.now() - 40 * DAY_MS).toISOString() });
  await p.track('sale', { external_id: 'ord-test', ref: p.a.ref, amount: 99_000, is_test: true });
  await p.track('sale', { external_id: '=cmd|calc', ref: p.b.ref, amount: 1_000 });
});
afterAll(() => api.close());

describe('affiliates.table', () => {
  it('shows campaign, clicks, conversions, earnings and unpaid by affiliate; test sales do not count', async () => {
    const res = await manager.affiliates.table({ sort: 'earnings' });
    expect(res.currency).toBe('usd');
    expect(res.data.map((r) => [r.name, r.campaign?.name, r.clicks, r.conversions, r.earnings, r.unpaid])).toEqual([
      ['A', 'Main', 2, 1, 6_000, 6_000],
      ['Zoe 100%_off', 'Main', 0, 2, 1_800, 1_800],
    ]);
    expect((await manager.affiliates.table({ sort: 'earnings', dir: 'asc' })).data[0].name).toBe('Zoe 100%_off');
  });

  it('searches name, e-mail and ref code; wildcards are literal', async () => {
    expect((await manager.affiliates.table({ q: '100%_' })).data.map((r) => r.name)).toEqual(['Zoe 100%_off']);
    expect((await manager.affiliates.table({ q: '%' })).data.map((r) => r.name)).toEqual(['Zoe 100%_off']);
    expect((await manager.affiliates.table({ q: 'LVA@EXAMPLE' })).data.map((r) => r.ref_code)).toEqual(['lva']);
    expect((await manager.affiliates.table({ q: 'nobody' })).data).toEqual([]);
  });

  it('pages with has_more and never repeats a row', async () => {
    const first = await manager.affiliates.table({ sort: 'name', dir: 'asc', limit: 1 });
    const second = await manager.affiliates.table({ sort: 'name', dir: 'asc', limit: 1, offset: 1 });
    expect(first.has_more).toBe(true);
    expect(second.has_more).toBe(false);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(2);
  });

  it('exports the same rows as CSV', async () => {
    const csv = await manager.affiliates.tableCsv({ sort: 'earnings' });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('name,email,ref_code,status,campaign,joined,clicks,conversions,earnings,unpaid,currency');
    expect(lines[1]).toMatch(/^A,lva@example.com,lva,active,Main,\S+,2,1,60.00,60.00,USD$/);
    expect(lines).toHaveLength(3);
  });
});

describe('conversions.table', () => {
  it('names the affiliate and campaign and says what each earns; filters and sorts on the server', async () => {
    const rows = (await manager.conversions.table({ sort: 'amount' })).data;
    expect(rows.map((r) => [r.external_id, r.affiliate.name, r.campaign?.name, r.commission])).toEqual([
      ['ord-big', 'A', 'Main', 6_000],
      ['ord-old', 'Zoe 100%_off', 'Main', 1_500],
      ['=cmd|calc', 'Zoe 100%_off', 'Main', 300],
    ]);
    expect((await manager.conversions.table({ q: 'cus_big' })).data.map((r) => r.external_id)).toEqual(['ord-big']);
    expect((await manager.conversions.table({ q: 'zoe', sort: 'when', dir: 'asc' })).data.map((r) => r.external_id)).toEqual(['ord-old', '=cmd|calc']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await manager.conversions.table({ from: today, to: today })).data).toHaveLength(2);
  });

  it('CSV keeps a formula-like order id as text', async () => {
    const csv = await manager.conversions.tableCsv({ sort: 'amount', dir: 'asc' });
    expect(csv.split('\r\n')[1]).toContain(",'=cmd|calc,sale,");
  });

  it('a filter naming another workspace’s affiliate is unknown_resource', async () => {
    const other = await startProgram(api, { prefix: 'lvx' });
    expect(await failure(manager.conversions.table({ affiliate_id: other.a.id }))).toMatchObject({ status: 404, error: 'unknown_resource' });
    expect(await failure(manager.commissions.tableCsv({ affiliate_id: other.a.id }))).toMatchObject({ status: 404, error: 'unknown_resource' });
  });
});

describe('the tables filter as the /v1 lists do (one filter per entity, domain/<entity>/list.ts)', () => {
  it('conversions by type, status, affiliate and campaign; commissions by status, affiliate and sale; affiliates by status, campaign and application', async () => {
    const orders = async (q: Parameters<typeof manager.conversions.table>[0]) => (await manager.conversions.table({ sort: 'amount', ...q })).data.map((r) => r.external_id);
    expect(await orders({ type: 'sale', affiliate_id: p.b.id, campaign_id: p.campaign.id })).toEqual(['ord-old', '=cmd|calc']);
    expect(await orders({ type: 'lead' })).toEqual([]);
    expect(await orders({ status: 'pending', affiliate_id: p.a.id })).toEqual(['ord-big']);
    expect(await orders({ status: 'refunded' })).toEqual([]);
    const big = (await manager.conversions.table({ q: 'ord-big' })).data[0];
    const sales = async (q: Parameters<typeof manager.commissions.table>[0]) => (await manager.commissions.table({ sort: 'amount', ...q })).data.map((r) => r.conversion?.external_id);
    expect(await sales({ affiliate_id: p.b.id, status: 'pending' })).toEqual(['ord-old', '=cmd|calc']);
    expect(await sales({ conversion_id: big.id })).toEqual(['ord-big']);
    expect(await sales({ status: 'approved' })).toEqual([]);
    const names = async (q: Parameters<typeof manager.affiliates.table>[0]) => (await manager.affiliates.table({ sort: 'name', dir: 'asc', ...q })).data.map((r) => r.name);
    expect(await names({ status: 'active', campaign_id: p.campaign.id })).toEqual(['A', 'Zoe 100%_off']);
    expect(await names({ status: 'pending' })).toEqual([]);
    expect(await names({ applied: 'true' })).toEqual([]);
  });
});

describe('commissions.table', () => {
  it('shows the affiliate, the sale and the payable-on date; payable=now finds past-hold ones', async () => {
    const rows = (await manager.commissions.table({ sort: 'payable_on', dir: 'asc' })).data;
    expect(rows.map((r) => [r.affiliate.name, r.conversion?.external_id, r.conversion?.amount])).toEqual([
      ['Zoe 100%_off', 'ord-old', 5_000],
      ['A', 'ord-big', 20_000],
      ['Zoe 100%_off', '=cmd|calc', 1_000],
    ]);
    expect(Date.parse(rows[0].payable_on)).toBeLessThan(Date.now());
    expect(Date.parse(rows[1].payable_on)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect((await manager.commissions.table({ payable: 'now' })).data.map((r) => r.conversion?.external_id)).toEqual(['ord-old']);
    expect((await manager.commissions.table({ payable: 'later', q: 'ord-big' })).data).toHaveLength(1);
  });

  it('CSV lists the sale and payable-on date of each', async () => {
    const lines = (await manager.commissions.tableCsv({ sort: 'amount' })).trim().split('\r\n');
    expect(lines[0]).toBe('created,affiliate,order,sale_amount,sale_currency,kind,status,amount,currency,payable_on,in_payout');
    expect(lines[1]).toMatch(/^\S+,A,ord-big,200.00,USD,earning,pending,60.00,USD,\S+,no$/);
  });

  it('a viewer reads the lists; without a session they answer 401', async () => {
    const viewer = await createUser(api.db, { email: 'lists-viewer@example.com', password: 'password-1', workspaceId: p.ws.id, role: 'viewer' });
    expect((await dashboardCaller(api, viewer.id).commissions.table({})).data.length).toBe(3);
    expect(await failure(dashboardCaller(api, null).commissions.table({}))).toMatchObject({ status: 401 });
  });
});
