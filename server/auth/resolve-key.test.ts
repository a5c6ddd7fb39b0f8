import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceKeys } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { resolveKey } from './resolve-key';
import { hashToken, mintToken, WORKSPACE_KEY_PREFIX } from './tokens';

// Key lookups that arrive together share one statement: each caller must still get its own key's
// answer, never a neighbour's.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('resolveKey under concurrency', () => {
  it('answers each of many concurrent lookups with its own key, and refuses revoked and unknown ones', async () => {
    const [one, two, revoked] = await Promise.all([api.workspace(['track']), api.workspace(['read']), api.workspace(['*'])]);
    await api.db.update(workspaceKeys).set({ revokedAt: new Date() }).where(eq(workspaceKeys.hash, hashToken(revoked.token)));
    const unknown = mintToken(WORKSPACE_KEY_PREFIX).token;
    const tokens = Array.from({ length: 40 }, (_, i) => [one.token, two.token, revoked.token, unknown][i % 4]);
    const out = await Promise.allSettled(tokens.map((t) => resolveKey(api.db, `Bearer ${t}`)));
    out.forEach((r, i) => {
      if (i % 4 === 0) expect(r).toMatchObject({ status: 'fulfilled', value: { workspaceId: one.id, scopes: ['track'] } });
      else if (i % 4 === 1) expect(r).toMatchObject({ status: 'fulfilled', value: { workspaceId: two.id, scopes: ['read'] } });
      else expect(r).toMatchObject({ status: 'rejected', reason: { code: 'unauthorized' } });
    });
  });
});
