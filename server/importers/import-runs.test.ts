import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { affiliates, auditEvents, commissions, importRefs, importRuns } from '@/db/schema';
import { createUser } from '../domain/users/users';
import { startFakeRewardful, type FakeRewardful } from '../testing/rewardful/fake-api';
import { rewardfulAccount } from '../testing/rewardful/fixtures';
import { startTestApi, type TestApi } from '../testing/api';
import { dashboardCaller, failure } from '../testing/session-caller';
import { peerBaseUrl, runQueuedImports } from './import-runs';

// Issue 50: an import started from the dashboard's Import page runs in the import job against a
// stand-in for Rewardful's API: progress per page, the report at the end, one at a time per
// workspace, a failure half way said in words and resumed by the next start, the key never shown.
const SECRET = 'rw_secret_import_page_0123456789';
const N = 30;

let api: TestApi;
let fake: FakeRewardful;
beforeAll(async () => {
  api = await startTestApi();
  fake = await startFakeRewardful(SECRET, rewardfulAccount('ip', N));
});
afterAll(async () => {
  await fake.close();
  await api.close();
});

async function owner(role: 'owner' | 'viewer' = 'owner', ws?: { id: string }) {
  const workspace = ws ?? (await api.workspace(['*']));
  const user = await createUser(api.db, { email: `${role}-${crypto.randomUUID()}@example.com`, password: 'password-1', workspaceId: workspace.id, role });
  return { ws: workspace, caller: await dashboardCaller(api, user.id) };
}
const job = () => runQueuedImports(api.db, { baseUrlOf: () => fake.url });
const rows = async (table: typeof affiliates | typeof importRefs | typeof commissions, workspaceId: string) =>
  (await api.db.select({ n: count() }).from(table).where(eq(table.workspaceId, workspaceId)))[0].n;

describe('an import from the dashboard', () => {
  it('a dry run reads everything in the job, writes nothing, and reports counts and what cannot come', async () => {
    const { ws, caller } = await owner();
    const started = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true })).data;
    expect(started).toMatchObject({ status: 'queued', dry_run: true, report: null, error: null });
    expect(await job()).toEqual({ ran: 1, more: false });
    const run = (await caller.imports.get({ id: started.id })).data;
    expect(run).toMatchObject({ status: 'done', dry_run: true, error: null, progress: { kind: 'payout', pages: 1 } });
    expect(run.report?.added).toEqual({ campaign: 2, affiliate: N, code: N, referral: 2 * N, commission: N, payout: Math.ceil(N / 4) });
    expect(run.report?.unmappable.map((u) => u.reason)).toContain('max_commissions 3 per referral: rules limit by months, not by count');
    expect(run.finished_at).not.toBeNull();
    expect(await rows(affiliates, ws.id)).toBe(0);
    expect(await rows(importRefs, ws.id)).toBe(0);
  });

  it('an import writes the records, and a second start while one is queued or running is refused', async () => {
    const { ws, caller } = await owner();
    const first = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: false })).data;
    expect(await failure(caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true }))).toMatchObject({ status: 409, error: 'invalid_state' });
    // running (claimed by the job) refuses too
    await api.db.update(importRuns).set({ status: 'running' }).where(eq(importRuns.id, first.id));
    expect(await failure(caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: false }))).toMatchObject({ status: 409, error: 'invalid_state' });
    await api.db.update(importRuns).set({ status: 'queued' }).where(eq(importRuns.id, first.id));
    await job();
    const done = (await caller.imports.get({ id: first.id })).data;
    expect(done.status).toBe('done');
    expect(done.report?.added).toMatchObject({ campaign: 2, affiliate: N, commission: N });
    expect(await rows(affiliates, ws.id)).toBe(N);
    expect(await rows(commissions, ws.id)).toBe(N);
    // the start is audited without the key
    const [entry] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.action, 'import.started')));
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(SECRET);
    // once done, another may start; a rerun adds nothing twice
    const again = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: false })).data;
    await job();
    const rerun = (await caller.imports.get({ id: again.id })).data;
    expect(rerun.report?.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
    expect(rerun.report?.already_imported.affiliate).toBe(N);
    expect(await rows(affiliates, ws.id)).toBe(N);
    expect((await caller.imports.list()).data.map((r) => r.id)).toEqual([again.id, first.id]);
  });

  it('fails half way with the words of what went wrong, and a new start resumes with no duplicates', async () => {
    const { ws, caller } = await owner();
    const out: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as never);
    const spies = [capture(process.stdout), capture(process.stderr)];
    try {
      const broken = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: false })).data;
      // campaigns (1 page) and affiliates (1 page) come; the coupons' page fails
      fake.failAfter(2);
      await job();
      fake.failAfter(null);
      const failed = (await caller.imports.get({ id: broken.id })).data;
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/500/);
      expect(failed.progress).toEqual({ kind: 'affiliate', pages: 1 });
      expect(await rows(affiliates, ws.id)).toBe(N);
      expect(await rows(commissions, ws.id)).toBe(0);

      const resumed = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: false })).data;
      await job();
      const done = (await caller.imports.get({ id: resumed.id })).data;
      expect(done.status).toBe('done');
      expect(done.report?.already_imported).toMatchObject({ campaign: 2, affiliate: N });
      expect(done.report?.added).toMatchObject({ campaign: 0, affiliate: 0, commission: N });
      expect(await rows(affiliates, ws.id)).toBe(N);
      expect(await rows(commissions, ws.id)).toBe(N);
      const dupes = await api.db.execute(sql`select kind, external_id from import_refs where workspace_id = ${ws.id} group by 1, 2 having count(*) > 1`);
      expect((dupes as unknown as { rows?: unknown[] }).rows ?? dupes).toHaveLength(0);

      // a wrong key: failed in words, the key in no row, answer or log line
      const wrong = `${SECRET}-wrong`;
      const refused = (await caller.imports.start({ peer: 'rewardful', api_key: wrong, dry_run: true })).data;
      await job();
      const words = (await caller.imports.get({ id: refused.id })).data;
      expect(words).toMatchObject({ status: 'failed', error: expect.stringMatching(/401/) });
      const stored = await api.db.execute(sql`select row_to_json(r)::text as j from import_runs r where workspace_id = ${ws.id}`);
      const text = JSON.stringify(stored);
      expect(text).not.toContain(SECRET);
      // every run ended: no key kept, not even sealed
      expect(await api.db.select({ id: importRuns.id }).from(importRuns).where(and(eq(importRuns.workspaceId, ws.id), sql`${importRuns.apiKeySealed} is not null`))).toEqual([]);
      expect(JSON.stringify(await caller.imports.list())).not.toContain(SECRET);
      expect(out.join('')).not.toContain(SECRET);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });

  it('is scoped to the workspace, needs write to start, and bounds its input', async () => {
    const a = await owner();
    const b = await owner();
    const run = (await a.caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true })).data;
    // the key is sealed while queued: not the key in plain text
    const [row] = await api.db.select().from(importRuns).where(eq(importRuns.id, run.id));
    expect(row.apiKeySealed).toBeTruthy();
    expect(row.apiKeySealed).not.toContain(SECRET);
    expect(await failure(b.caller.imports.get({ id: run.id }))).toMatchObject({ status: 404 });
    expect((await b.caller.imports.list()).data).toEqual([]);
    // another workspace may run its own import meanwhile
    expect((await b.caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true })).data.status).toBe('queued');
    const viewer = await owner('viewer', a.ws);
    expect(await failure(viewer.caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true }))).toMatchObject({ status: 403 });
    expect((await viewer.caller.imports.list()).peers.map((p) => [p.name, p.account_label])).toEqual([
      ['rewardful', null],
      ['firstpromoter', 'Account ID'],
      ['tolt', 'Program ID'],
      ['partnerstack', null],
    ]);
    // what a platform needs beside its key is asked for, and a key of the wrong shape refused, before anything is written
    const before = (await a.caller.imports.list()).data.length;
    expect(await failure(a.caller.imports.start({ peer: 'firstpromoter', api_key: SECRET, dry_run: true }))).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await failure(a.caller.imports.start({ peer: 'partnerstack', api_key: 'only-one-key', dry_run: true }))).toMatchObject({ status: 400, error: 'invalid_request' });
    expect((await a.caller.imports.list()).data.length).toBe(before);
    const bad = { peer: 'rewardful', api_key: 'x'.repeat(501), dry_run: true };
    expect(await failure(a.caller.imports.start(bad as never), bad)).toMatchObject({ status: 400 });
    const unknown = { peer: 'impact', api_key: SECRET, dry_run: true };
    expect(await failure(a.caller.imports.start(unknown as never), unknown)).toMatchObject({ status: 400 });
    await job();
    await job();
  });

  it('a run whose process ended (no progress for 15 minutes) is failed, its key cleared, and a new one may start', async () => {
    const { caller } = await owner();
    const lost = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true })).data;
    await api.db.update(importRuns).set({ status: 'running', updatedAt: sql`now() - interval '14 minutes'` }).where(eq(importRuns.id, lost.id));
    expect(await failure(caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true }))).toMatchObject({ status: 409 });
    await api.db.update(importRuns).set({ updatedAt: sql`now() - interval '16 minutes'` }).where(eq(importRuns.id, lost.id));
    const next = (await caller.imports.start({ peer: 'rewardful', api_key: SECRET, dry_run: true })).data;
    const [old] = await api.db.select().from(importRuns).where(eq(importRuns.id, lost.id));
    expect(old).toMatchObject({ status: 'failed', apiKeySealed: null, error: expect.stringContaining('start again to resume') });
    await job();
    expect((await caller.imports.get({ id: next.id })).data.status).toBe('done');
  });

  it('reads a stand-in base URL only outside production or with the test flag', () => {
    const env = { REFCOUNT_IMPORT_BASE_URL_REWARDFUL: 'http://127.0.0.1:9/v1' };
    expect(peerBaseUrl('rewardful', { ...env, NODE_ENV: 'production' })).toBeUndefined();
    expect(peerBaseUrl('rewardful', { ...env, NODE_ENV: 'production', REFCOUNT_IMPORT_TEST_PEERS: 'true' })).toBe(env.REFCOUNT_IMPORT_BASE_URL_REWARDFUL);
    expect(peerBaseUrl('rewardful', { ...env, NODE_ENV: 'development' })).toBe(env.REFCOUNT_IMPORT_BASE_URL_REWARDFUL);
  });
});
