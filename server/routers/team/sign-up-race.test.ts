import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users, workspaces } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { dashboardCaller, failure } from '../../testing/session-caller';

// Its own empty install: the first sign-up is only open while no user exists.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('first-owner sign-up race', () => {
  it('20 sign-ups at once on an empty install make exactly one owner', async () => {
    const anon = dashboardCaller(api, null);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => anon.team.signUp({ workspace_name: `Race ${i}`, email: `racer${i}@example.com`, password: 'long-enough' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(await failure(Promise.reject((r as PromiseRejectedResult).reason))).toMatchObject({ status: 409, error: 'invalid_state' });
    }
    expect(await api.db.select().from(users)).toHaveLength(1);
    expect(await api.db.select().from(workspaces)).toHaveLength(1);
    const owners = await api.db.select().from(memberships);
    expect(owners).toMatchObject([{ role: 'owner', workspaceId: (won[0] as PromiseFulfilledResult<{ workspace_id: string }>).value.workspace_id }]);
    expect(await anon.team.signUpOpen()).toEqual({ open: false });
  });
});
