import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { affiliateToken, seedAffiliate } from '../testing/seed';
import { resolveKey } from './resolve-key';

// A workspace key's lookup brings its workspace's settings (resolve-key.ts), and readSettings
// answers from them: each request must see its own workspace's settings, as they are when it arrives.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('settings read with the key', () => {
  it('gives each of many concurrent lookups its own workspace settings', async () => {
    const [eur, gbp] = await Promise.all([api.workspace(['read']), api.workspace(['read'])]);
    await api.db.update(workspaceSettings).set({ currency: 'eur' }).where(eq(workspaceSettings.workspaceId, eur.id));
    await api.db.update(workspaceSettings).set({ currency: 'gbp', holdDays: 7 }).where(eq(workspaceSettings.workspaceId, gbp.id));
    const keys = Array.from({ length: 30 }, (_, i) => (i % 2 ? gbp : eur));
    const out = await Promise.all(keys.map((k) => resolveKey(api.db, `Bearer ${k.token}`)));
    out.forEach((p, i) => {
      const want = keys[i] === gbp ? { workspaceId: gbp.id, currency: 'gbp', holdDays: 7 } : { workspaceId: eur.id, currency: 'eur', holdDays: 30 };
      expect(p).toMatchObject({ family: 'workspace', workspaceId: want.workspaceId, settings: { workspaceId: want.workspaceId, currency: want.currency, holdDays: want.holdDays } });
    });
  });

  it('answers the next request with settings changed since the last one', async () => {
    const ws = await api.workspace(['*']);
    expect((await api.call('GET', '/v1/reports/summary', { token: ws.token })).body.data.currency).toBe('usd');
    expect((await api.call('PATCH', '/v1/settings', { token: ws.token, body: { currency: 'jpy' } })).status).toBe(200);
    expect((await api.call('GET', '/v1/reports/summary', { token: ws.token })).body.data.currency).toBe('jpy');
    // a change made elsewhere (another node, the dashboard) is seen as soon
    await api.db.update(workspaceSettings).set({ currency: 'chf' }).where(eq(workspaceSettings.workspaceId, ws.id));
    expect((await api.call('GET', '/v1/settings', { token: ws.token })).body.data.currency).toBe('chf');
  });

  it("brings an affiliate key's workspace settings too, as they are now", async () => {
    const ws = await api.workspace(['*']);
    const token = await affiliateToken(api.db, ws.id, (await seedAffiliate(api.db, ws.id)).id);
    await api.db.update(workspaceSettings).set({ currency: 'sek' }).where(eq(workspaceSettings.workspaceId, ws.id));
    expect(await resolveKey(api.db, `Bearer ${token}`)).toMatchObject({ family: 'affiliate', workspaceId: ws.id, settings: { currency: 'sek' } });
    expect((await api.call('GET', '/v1/affiliate/stats', { token })).body.data.currency).toBe('sek');
    await api.db.update(workspaceSettings).set({ currency: 'nok' }).where(eq(workspaceSettings.workspaceId, ws.id));
    expect((await api.call('GET', '/v1/affiliate/stats', { token })).body.data.currency).toBe('nok');
  });

  it('still answers when the settings row is gone (defaults, made again)', async () => {
    const ws = await api.workspace(['*']);
    await api.db.delete(workspaceSettings).where(eq(workspaceSettings.workspaceId, ws.id));
    expect((await resolveKey(api.db, `Bearer ${ws.token}`)).settings).toBeFalsy();
    const res = await api.call('GET', '/v1/settings', { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'usd', hold_days: 30 });
    expect(await api.db.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ws.id))).toHaveLength(1);
  });
});
