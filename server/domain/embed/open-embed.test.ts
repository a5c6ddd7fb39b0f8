import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, workspaceSettings } from '@/db/schema';
import { embedOptions } from '../../contracts/embed';
import { startTestApi, type TestApi } from '../../testing/api';
import { openEmbed } from './open-embed';
import { EMBED_TOKEN_MAX_LENGTH, EMBED_TOKEN_PREFIX, signEmbedToken } from './token';

// What a token opens, checked again at use (docs/embedded-referrals.md#the-token): every way a
// token can be wrong answers the same null.

// The install's key material; a server gets it from ensureAuthSecret.
process.env.NEXTAUTH_SECRET ??= 'test-install-secret-material';

const ORIGIN = 'https://app.example.com';
const OTHER = 'https://other.example.com';
let api: TestApi;
let a: { id: string; token: string };
let b: { id: string; token: string };

async function program(origins: string[]) {
  const ws = await api.workspace(['*']);
  await api.db.update(workspaceSettings).set({ embedOrigins: origins }).where(eq(workspaceSettings.workspaceId, ws.id));
  return ws;
}
async function affiliate(token: string, body: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/v1/affiliates', { token, body: { name: 'Embedded', status: 'active', ...body } });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}
const versionOf = async (id: string) => (await api.db.select().from(affiliates).where(eq(affiliates.id, id)))[0].sessionVersion;
const sign = async (workspaceId: string, affiliateId: string, origin = ORIGIN, now = new Date()) =>
  signEmbedToken({ workspaceId, affiliateId, sessionVersion: await versionOf(affiliateId), origin, options: embedOptions.parse({}) }, now).token;
const setStatus = (token: string, id: string, status: string) => api.call('PATCH', `/v1/affiliates/${id}`, { token, body: { status } });

beforeAll(async () => {
  api = await startTestApi();
  const wsA = await program([ORIGIN, OTHER]);
  const wsB = await program([ORIGIN]);
  a = { id: wsA.id, token: wsA.token };
  b = { id: wsB.id, token: wsB.token };
});
afterAll(() => api.close());

describe('openEmbed', () => {
  it('opens a fresh token: its workspace, affiliate, origin and options', async () => {
    const id = await affiliate(a.token);
    const options = embedOptions.parse({ hide_payouts: true, theme: 'dark', strings: { title: 'Invite friends' } });
    const { token } = signEmbedToken({ workspaceId: a.id, affiliateId: id, sessionVersion: await versionOf(id), origin: OTHER, options });
    expect(await openEmbed(api.db, token)).toEqual({ workspaceId: a.id, affiliateId: id, origin: OTHER, options });
  });

  it('opens for a pending affiliate (the page says the application is being reviewed)', async () => {
    const id = await affiliate(a.token, { status: 'pending' });
    expect(await openEmbed(api.db, await sign(a.id, id))).not.toBeNull();
  });

  it('is null an hour on, and a second before that it still opens', async () => {
    const id = await affiliate(a.token);
    const issued = new Date();
    const token = await sign(a.id, id, ORIGIN, issued);
    expect(await openEmbed(api.db, token, new Date(issued.getTime() + 3599_000 - (issued.getTime() % 1000)))).not.toBeNull();
    expect(await openEmbed(api.db, token, new Date(issued.getTime() + 3601_000))).toBeNull();
  });

  it("never opens another workspace's affiliate: a genuine token of A naming B's affiliate is null", async () => {
    const inB = await affiliate(b.token);
    expect(await openEmbed(api.db, await sign(a.id, inB))).toBeNull();
    // and B's own token for it opens, so the null above is the workspace's doing
    expect(await openEmbed(api.db, await sign(b.id, inB))).not.toBeNull();
  });

  it('is null once its origin is removed from the settings', async () => {
    const ws = await program([ORIGIN, OTHER]);
    const id = await affiliate(ws.token);
    const token = await sign(ws.id, id, OTHER);
    expect(await openEmbed(api.db, token)).not.toBeNull();
    await api.db.update(workspaceSettings).set({ embedOrigins: [ORIGIN] }).where(eq(workspaceSettings.workspaceId, ws.id));
    expect(await openEmbed(api.db, token)).toBeNull();
    // and an origin the workspace never listed opens nothing either
    expect(await openEmbed(api.db, await sign(ws.id, id, 'https://evil.example.com'))).toBeNull();
  });

  it('is null once the affiliate is suspended, and stays null after reactivation', async () => {
    const id = await affiliate(a.token);
    const token = await sign(a.id, id);
    expect(await openEmbed(api.db, token)).not.toBeNull();
    expect((await setStatus(a.token, id, 'suspended')).status).toBe(200);
    expect(await openEmbed(api.db, token)).toBeNull();
    expect((await setStatus(a.token, id, 'active')).status).toBe(200);
    expect(await openEmbed(api.db, token)).toBeNull();
    // a token issued after reactivation opens
    expect(await openEmbed(api.db, await sign(a.id, id))).not.toBeNull();
  });

  it('is null for a rejected affiliate and for one that does not exist', async () => {
    const id = await affiliate(a.token, { status: 'pending' });
    const token = await sign(a.id, id);
    await setStatus(a.token, id, 'rejected');
    expect(await openEmbed(api.db, token)).toBeNull();
    const ghost = signEmbedToken({ workspaceId: a.id, affiliateId: '0190a000-0000-7000-8000-000000000000', sessionVersion: 0, origin: ORIGIN, options: embedOptions.parse({}) });
    expect(await openEmbed(api.db, ghost.token)).toBeNull();
  });

  it('is null for a tampered, re-prefixed, truncated or over-long token', async () => {
    const id = await affiliate(a.token);
    const token = await sign(a.id, id);
    const body = token.slice(EMBED_TOKEN_PREFIX.length, token.indexOf('.'));
    const mac = token.slice(token.indexOf('.') + 1);
    // the payload rewritten to name another affiliate, the old signature kept
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, a: await affiliate(a.token) })).toString('base64url');
    const cases = [
      `${EMBED_TOKEN_PREFIX}${forged}.${mac}`,
      `${EMBED_TOKEN_PREFIX}${body}.${mac.slice(0, -2)}AA`,
      `refa_live_${body}.${mac}`,
      token.slice(EMBED_TOKEN_PREFIX.length),
      `${token}.x`,
      token.slice(0, -5),
      token + 'A'.repeat(EMBED_TOKEN_MAX_LENGTH),
      '',
      EMBED_TOKEN_PREFIX,
    ];
    for (const bad of cases) expect(await openEmbed(api.db, bad)).toBeNull();
    expect(await openEmbed(api.db, token)).not.toBeNull();
  });
});
