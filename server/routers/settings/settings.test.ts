import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DEFAULTS = { auto_approve_affiliates: false, auto_approve_commissions: false, hold_days: 30, min_payout: 5000, currency: 'usd' };
const read = (token: string) => api.call('GET', '/v1/settings', { token });
const patch = (token: string, body: unknown) => api.call('PATCH', '/v1/settings', { token, body });

describe('GET /v1/settings', () => {
  it('answers the defaults of a new workspace', async () => {
    const ws = await api.workspace(['read']);
    const res = await read(ws.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'settings', data: DEFAULTS });
  });

  it('needs read access and a token', async () => {
    const ws = await api.workspace(['track']);
    const res = await read(ws.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', '/v1/settings')).status).toBe(401);
  });
});

describe('PATCH /v1/settings', () => {
  it('changes the given fields only, in this workspace only', async () => {
    const ws = await api.workspace(['*']);
    const other = await api.workspace(['*']);
    const first = await patch(ws.token, { auto_approve_affiliates: true, hold_days: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ object: 'settings', data: { ...DEFAULTS, auto_approve_affiliates: true, hold_days: 0 } });
    const second = await patch(ws.token, { auto_approve_commissions: true, min_payout: 0, currency: 'EUR', hold_days: 3650 });
    const expected = { auto_approve_affiliates: true, auto_approve_commissions: true, hold_days: 3650, min_payout: 0, currency: 'eur' };
    expect(second.body.data).toEqual(expected);
    expect((await read(ws.token)).body.data).toEqual(expected);
    expect((await patch(ws.token, {})).body.data).toEqual(expected);
    expect((await read(other.token)).body.data).toEqual(DEFAULTS);
  });

  it.each([
    [{ hold_days: -1 }],
    [{ hold_days: 3651 }],
    [{ hold_days: 1.5 }],
    [{ min_payout: -1 }],
    [{ min_payout: 10.5 }],
    [{ min_payout: '5000' }],
    [{ currency: 'dollars' }],
    [{ currency: 'us' }],
    [{ auto_approve_affiliates: 'true' }],
    [{ timezone: 'Europe/Paris' }],
    [{ commission_unmapped_products: false }],
    [{ hold_days: 10, colour: 'red' }],
  ])('rejects %j with invalid_request and changes nothing', async (body) => {
    const ws = await api.workspace(['*']);
    const res = await patch(ws.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect((await read(ws.token)).body.data).toEqual(DEFAULTS);
  });

  it('answers invalid_json for a malformed body', async () => {
    const ws = await api.workspace(['*']);
    const res = await api.call('PATCH', '/v1/settings', {
      token: ws.token,
      rawBody: '{"hold_days": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('needs the write scope', async () => {
    const ws = await api.workspace(['read']);
    const res = await patch(ws.token, { hold_days: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await read(ws.token)).body.data.hold_days).toBe(30);
  });
});
