import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailUnsubscribes } from '@/db/schema';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../domain/mail/unsubscribe-token';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { unsubscribePage, unsubscribePost } from './unsubscribe';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'us' });
});
afterAll(() => api.close());

const at = (token: string) => `https://refs.example.com/unsubscribe?t=${encodeURIComponent(token)}`;
const oneClick = (token: string) => unsubscribePost(api.db, new Request(at(token), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }));
const stored = (affiliateId: string) => api.db.select().from(emailUnsubscribes).where(and(eq(emailUnsubscribes.workspaceId, p.ws.id), eq(emailUnsubscribes.affiliateId, affiliateId)));

describe('/unsubscribe', () => {
  it('GET only shows the button; one POST unsubscribes, and a second changes nothing', async () => {
    const token = signUnsubscribeToken(p.ws.id, p.a.id);
    const page = unsubscribePage(new Request(at(token)));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<form method="post" action="/unsubscribe?t=${encodeURIComponent(token)}">`);
    expect(await stored(p.a.id)).toHaveLength(0);
    const first = await oneClick(token);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You are unsubscribed');
    expect((await oneClick(token)).status).toBe(200);
    expect(await stored(p.a.id)).toHaveLength(1);
  });

  it('refuses a forged, altered or foreign token and stores nothing', async () => {
    const good = signUnsubscribeToken(p.ws.id, p.b.id);
    const [w, a, mac] = good.split('.');
    const other = await api.workspace();
    const forged = [
      `${w}.${a}.${'A'.repeat(mac.length)}`,
      `${w}.${p.a.id === a ? p.b.id : p.a.id}.${mac}`, // another affiliate under this one's signature
      signUnsubscribeToken(other.id, p.b.id), // signed, but the affiliate is not in that workspace
      `${good}.x`,
      'garbage',
      '',
    ];
    for (const token of forged) expect((await oneClick(token)).status, token).toBe(400);
    expect(verifyUnsubscribeToken('x'.repeat(500))).toBeNull();
    expect(await stored(p.b.id)).toHaveLength(0);
  });
});
