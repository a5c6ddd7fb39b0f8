import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { seedAffiliate } from '../../testing/seed';
import { dashboardCaller, failure } from '../../testing/session-caller';

// affiliates.names (dashboard-only): the names a list page shows instead of ids.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const viewerOf = async (workspaceId: string) =>
  dashboardCaller(api, (await createUser(api.db, { email: `v-${Math.random().toString(36).slice(2)}@example.com`, password: 'password-1', workspaceId, role: 'viewer' })).id);

it("names a workspace's affiliates by name, else e-mail, else ref code; other tenants' ids are absent", async () => {
  const ws = await api.workspace();
  const other = await api.workspace();
  const named = await seedAffiliate(api.db, ws.id, { name: 'Ada Lovelace' });
  const mailOnly = await seedAffiliate(api.db, ws.id, { name: null, email: 'grace@example.com' });
  const codeOnly = await seedAffiliate(api.db, ws.id, { name: null, email: null, refCode: 'alan' });
  const foreign = await seedAffiliate(api.db, other.id, { name: 'Not yours' });
  const viewer = await viewerOf(ws.id);

  const { data } = await viewer.affiliates.names({ ids: [named.id, mailOnly.id, codeOnly.id, foreign.id, named.id, 'not-a-uuid'] });
  expect(new Map(data.map((a) => [a.id, a.label]))).toEqual(
    new Map([
      [named.id, 'Ada Lovelace'],
      [mailOnly.id, 'grace@example.com'],
      [codeOnly.id, 'alan'],
    ]),
  );
});

it('refuses more than a page of ids, callers without a session, and is not on /v1', async () => {
  const ws = await api.workspace();
  const viewer = await viewerOf(ws.id);
  const ids = Array.from({ length: 201 }, () => '00000000-0000-7000-8000-000000000000');
  expect(await failure(viewer.affiliates.names({ ids }))).toMatchObject({ status: 400 });
  expect(await failure(dashboardCaller(api, null).affiliates.names({ ids: [] }))).toMatchObject({ status: 401 });
  const doc = await api.call('GET', '/v1/openapi.json');
  expect(Object.keys(doc.body.paths)).toContain('/affiliates/{id}');
  expect(Object.keys(doc.body.paths).filter((p) => p.includes('names'))).toEqual([]);
});
