import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayoutMethods } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { seedAffiliate, seedPayout } from '../../testing/seed';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** RFC 4180 lines into cells (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  expect(text === '' || text.endsWith('\r\n')).toBe(true);
  return text
    .split('\r\n')
    .slice(0, -1)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1].replace(/^"(.*)"$/s, '$1').replaceAll('""', '"')));
}

const exportCsv = (token: string, query = '') => api.call('GET', `/v1/payouts/export.csv${query}`, { token });

describe('GET /v1/payouts/export.csv', () => {
  it('writes the pending payouts in the PayPal Payouts layout, oldest first', async () => {
    const ws = await api.workspace(['read']);
    const withPayoutEmail = await seedAffiliate(api.db, ws.id, { email: 'login@example.com', payoutEmail: 'paypal@example.com' });
    const withEmail = await seedAffiliate(api.db, ws.id, { email: 'only@example.com', payoutEmail: null });
    const quoted = await seedAffiliate(api.db, ws.id, { payoutEmail: '"odd,name"@example.com' });
    const noEmail = await seedAffiliate(api.db, ws.id, { email: null, payoutEmail: null });
    const at = (n: number) => new Date(Date.UTC(2026, 0, n));
    const p = (affiliateId: string, n: number, amount: number, currency: string, status: 'pending' | 'paid' | 'failed' | 'canceled' = 'pending') =>
      seedPayout(api.db, { workspaceId: ws.id, affiliateId }, { amount, currency, status, createdAt: at(n) });
    const usd = await p(withPayoutEmail.id, 1, 123456, 'usd');
    const cents = await p(withEmail.id, 2, 5, 'usd');
    const yen = await p(withPayoutEmail.id, 3, 5000, 'jpy');
    const dinar = await p(withEmail.id, 4, 1234, 'kwd');
    const odd = await p(quoted.id, 5, 100000, 'eur');
    await p(noEmail.id, 6, 9999, 'usd');
    await p(withEmail.id, 7, 7777, 'usd', 'paid');
    await p(withEmail.id, 8, 7777, 'usd', 'failed');
    await p(withEmail.id, 9, 7777, 'usd', 'canceled');
    const stranger = await api.workspace(['*']);
    await seedPayout(api.db, { workspaceId: stranger.id, affiliateId: (await seedAffiliate(api.db, stranger.id)).id });

    const res = await exportCsv(ws.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="refcount-payouts.csv"');
    expect(parseCsv(res.body)).toEqual([
      ['paypal@example.com', '1234.56', 'USD', '', `Refcount payout ${usd.id}`, 'PAYPAL'],
      ['only@example.com', '0.05', 'USD', '', `Refcount payout ${cents.id}`, 'PAYPAL'],
      ['paypal@example.com', '5000', 'JPY', '', `Refcount payout ${yen.id}`, 'PAYPAL'],
      ['only@example.com', '1.234', 'KWD', '', `Refcount payout ${dinar.id}`, 'PAYPAL'],
      ['"odd,name"@example.com', '1000.00', 'EUR', '', `Refcount payout ${odd.id}`, 'PAYPAL'],
    ]);
    expect(res.body.split('\r\n')[4]).toBe(`"""odd,name""@example.com",1000.00,EUR,,Refcount payout ${odd.id},PAYPAL`);

    const usdOnly = await exportCsv(ws.token, '?currency=USD');
    expect(usdOnly.headers.get('content-disposition')).toBe('attachment; filename="refcount-payouts-usd.csv"');
    expect(parseCsv(usdOnly.body).map((row) => row[4])).toEqual([`Refcount payout ${usd.id}`, `Refcount payout ${cents.id}`]);
    const none = await exportCsv(ws.token, '?currency=chf');
    expect(none.status).toBe(200);
    // An empty file: the test client reads an empty body as undefined.
    expect(none.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(none.headers.get('content-length')).toBe('0');
    expect(none.body).toBeUndefined();
  });

  it('GET /v1/payouts/export-currencies: one line per currency of the pending payouts a file would hold, so no file mixes them', async () => {
    const ws = await api.workspace(['read']);
    const manual = await seedAffiliate(api.db, ws.id, { email: 'cur@example.com' });
    const stripe = await seedAffiliate(api.db, ws.id, { email: 'cur-connect@example.com' });
    await api.db.insert(affiliatePayoutMethods).values({ workspaceId: ws.id, affiliateId: stripe.id, kind: 'stripe_connect', state: 'ready', stripeAccountId: 'acct_1Currencies' });
    const p = (affiliateId: string, amount: number, currency: string, status: 'pending' | 'paid' = 'pending') => seedPayout(api.db, { workspaceId: ws.id, affiliateId }, { amount, currency, status });
    await p(manual.id, 1000, 'usd');
    await p(manual.id, 250, 'usd');
    await p(manual.id, 5000, 'jpy');
    await p(manual.id, 700, 'eur', 'paid');
    await p(stripe.id, 900, 'eur');
    const stranger = await api.workspace(['*']);
    await seedPayout(api.db, { workspaceId: stranger.id, affiliateId: (await seedAffiliate(api.db, stranger.id)).id }, { currency: 'chf' });
    const res = await api.call('GET', '/v1/payouts/export-currencies', { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', has_more: false });
    expect(res.body.data).toEqual([
      { currency: 'jpy', payouts: 1, amount: 5000 },
      { currency: 'usd', payouts: 2, amount: 1250 },
    ]);
    // Each currency's file holds that currency only.
    for (const { currency } of res.body.data) {
      const file = parseCsv((await exportCsv(ws.token, `?currency=${currency}`)).body);
      expect(file.length).toBeGreaterThan(0);
      expect(new Set(file.map((row) => row[2]))).toEqual(new Set([currency.toUpperCase()]));
    }
    expect((await api.call('GET', '/v1/payouts/export-currencies', { token: await ws.keyFor(['track']) })).status).toBe(403);
  });

  it("leaves out affiliates paid through Stripe Connect (the batch's send pays them), and pays PayPal affiliates at their confirmed receiver", async () => {
    const ws = await api.workspace(['read']);
    const manual = await seedAffiliate(api.db, ws.id, { email: 'manual@example.com' });
    const stripe = await seedAffiliate(api.db, ws.id, { email: 'connect@example.com' });
    const paypal = await seedAffiliate(api.db, ws.id, { email: 'login2@example.com' });
    const unconfirmed = await seedAffiliate(api.db, ws.id, { email: 'login3@example.com' });
    await api.db.insert(affiliatePayoutMethods).values([
      { workspaceId: ws.id, affiliateId: stripe.id, kind: 'stripe_connect', state: 'ready', stripeAccountId: 'acct_1Export' },
      { workspaceId: ws.id, affiliateId: paypal.id, kind: 'paypal', state: 'ready', paypalReceiver: 'wallet@example.com', paypalConfirmedAt: new Date() },
      { workspaceId: ws.id, affiliateId: unconfirmed.id, kind: 'paypal', state: 'setting_up', paypalReceiver: 'notyet@example.com' },
    ]);
    for (const [a, n] of [[manual, 1], [stripe, 2], [paypal, 3], [unconfirmed, 4]] as const) {
      await seedPayout(api.db, { workspaceId: ws.id, affiliateId: a.id }, { amount: 1000, currency: 'usd', createdAt: new Date(Date.UTC(2026, 0, n)) });
    }
    expect(parseCsv((await exportCsv(ws.token)).body).map((row) => row[0])).toEqual(['manual@example.com', 'wallet@example.com', 'login3@example.com']);
  });

  it('keeps recipients a spreadsheet would run as a formula as text, like every other export', async () => {
    const ws = await api.workspace(['read']);
    const recipients = ['+14155550100@example.com', '-x@example.com', '=cmd|\' /C calc\'!A0', '@a', '\tx@example.com'];
    for (const [n, payoutEmail] of recipients.entries()) {
      const affiliate = await seedAffiliate(api.db, ws.id, { payoutEmail });
      await seedPayout(api.db, { workspaceId: ws.id, affiliateId: affiliate.id }, { amount: 100, currency: 'usd', createdAt: new Date(Date.UTC(2026, 0, n + 1)) });
    }
    const res = await exportCsv(ws.token);
    expect(parseCsv(res.body).map((row) => row[0])).toEqual(recipients.map((r) => `'${r}`));
  });

  it('answers errors as JSON: bad currency, missing scope, no token', async () => {
    const ws = await api.workspace(['read']);
    const bad = await exportCsv(ws.token, '?currency=dollars');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.body.error).toBe('invalid_request');
    for (const scopes of [['track'], ['write']]) {
      const res = await exportCsv(await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    const anonymous = await api.call('GET', '/v1/payouts/export.csv');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
  });
});
