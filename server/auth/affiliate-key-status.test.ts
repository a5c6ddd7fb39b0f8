import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateKeys } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['*']);
});
afterAll(() => api.close());

const setStatus = async (id: string, status: string) =>
  expect((await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status } })).status).toBe(200);
const me = (token: string) => api.call('GET', '/v1/affiliate/me', { token });
const answer = (r: Awaited<ReturnType<typeof me>>) => ({ status: r.status, body: r.body, challenge: r.headers.get('www-authenticate') });

/** An affiliate in `status` (as created: pending) with a fresh refa_live_ key. */
async function affiliateWithKey(email: string, status?: string) {
  const id: string = (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email } })).body.data.id;
  if (status) await setStatus(id, status);
  const key = (await api.call('POST', `/v1/affiliates/${id}/keys`, { token: ws.token, body: {} })).body.data;
  return { id, keyId: key.id as string, token: key.token as string };
}

/** What a revoked key gets: the answer a suspended affiliate's key must match exactly. */
async function revokedAnswer() {
  const a = await affiliateWithKey(`revoked-${Math.random()}@example.com`, 'active');
  await api.call('DELETE', `/v1/affiliates/${a.id}/keys/${a.keyId}`, { token: ws.token });
  return answer(await me(a.token));
}

describe('refa_live_ keys follow the affiliate’s status', () => {
  it('suspending stops the key at once, exactly like revocation; reactivating brings it back', async () => {
    const a = await affiliateWithKey('suspend@example.com', 'active');
    expect((await me(a.token)).status).toBe(200); // now in the verified-key cache
    await setStatus(a.id, 'suspended');
    const suspended = answer(await me(a.token));
    expect(suspended).toMatchObject({ status: 401, body: { error: 'unauthorized' }, challenge: expect.stringMatching(/^Bearer/) });
    expect(suspended).toEqual(await revokedAnswer());
    expect((await api.call('GET', '/v1/affiliate/links', { token: a.token })).status).toBe(401);
    // the key itself is untouched: not revoked, so reactivation is all it takes
    const [row] = await api.db.select().from(affiliateKeys).where(eq(affiliateKeys.id, a.keyId));
    expect(row.revokedAt).toBeNull();

    await setStatus(a.id, 'active');
    const back = await me(a.token);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: a.id, status: 'active' });
  });

  it('a pending affiliate’s key works; rejecting it answers 401', async () => {
    const p = await affiliateWithKey('pending-key@example.com');
    const pending = await me(p.token);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ id: p.id, status: 'pending' });
    await setStatus(p.id, 'rejected');
    expect(answer(await me(p.token))).toEqual(await revokedAnswer());
  });

  it('another affiliate’s key and the workspace key are unaffected', async () => {
    const suspended = await affiliateWithKey('bad@example.com', 'active');
    const other = await affiliateWithKey('good@example.com', 'active');
    await setStatus(suspended.id, 'suspended');
    expect((await me(suspended.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    const read = await api.call('GET', `/v1/affiliates/${suspended.id}`, { token: ws.token });
    expect(read.status).toBe(200);
    expect(read.body.data.status).toBe('suspended');
  });
});
