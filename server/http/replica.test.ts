import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { startReplicaPair, type ReplicaPair } from '../testing/replica-pair';
import { describeWith } from '../testing/requirements';

// DATABASE_REPLICA_URL on a real streaming replica: a primary and a replica started here
// (replica-pair.ts). Replay is paused on the replica to tell which database answered each read.

const port = Number(process.env.TEST_REPLICA_PORT ?? 5441);

await describeWith('postgresServer', 'DATABASE_REPLICA_URL', () => {
  let pair: ReplicaPair;
  let api: TestApi;
  let p: Program;
  let primary: postgres.Sql;
  let replica: postgres.Sql;

  /** Waits until the replica has replayed everything the primary wrote so far. */
  async function caughtUp() {
    const [{ lsn }] = await primary`select pg_current_wal_lsn()::text as lsn`;
    for (let i = 0; i < 200; i++) {
      const [{ behind }] = await replica`select pg_wal_lsn_diff(${lsn}::pg_lsn, pg_last_wal_replay_lsn()) > 0 as behind`;
      if (!behind) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the replica did not catch up');
  }
  const get = async (path: string, token = p.token) => (await api.call('GET', path, { token })).body;

  beforeAll(async () => {
    pair = startReplicaPair(port);
    primary = postgres(pair.primaryUrl, { max: 1, onnotice: () => {} });
    replica = postgres(pair.replicaUrl, { max: 1, onnotice: () => {} });
    const database = await openDatabase({ url: pair.primaryUrl, replicaUrl: pair.replicaUrl, max: 4 });
    await migrate(database);
    api = await startTestApi({}, database);
    p = await startProgram(api);
    await p.track('click', { ref: 'affa', visitor_id: 'v1' });
    await p.sale('s1', 10_000);
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await primary?.end();
    await replica?.end();
    pair?.stop();
  });

  it('reports read the replica, and catch up when it does', async () => {
    expect((await get('/v1/reports/summary')).data).toMatchObject({ clicks: 1, sales: 1, revenue: 10_000 });
    await replica`select pg_wal_replay_pause()`;
    const second = await p.sale('s2', 5_000);
    // The replica has not seen the second sale: the report says so.
    expect((await get('/v1/reports/summary')).data).toMatchObject({ sales: 1, revenue: 10_000 });
    // Reads that must see the caller's own write go to the primary.
    expect((await get('/v1/conversions')).data.map((c: { id: string }) => c.id)).toContain(second);
    expect((await get(`/v1/conversions/${second}`)).data.id).toBe(second);
    await replica`select pg_wal_replay_resume()`;
    await caughtUp();
    expect((await get('/v1/reports/summary')).data).toMatchObject({ sales: 2, revenue: 15_000 });
  });

  it('authenticates on the primary: a key the replica has not seen works, a revoked one is refused at once', async () => {
    await replica`select pg_wal_replay_pause()`;
    try {
      const created = await api.call('POST', `/v1/affiliates/${p.a.id}/keys`, { token: p.token, body: {} });
      const token = created.body.data.token as string;
      // Its list query runs on the replica, which does not hold the key yet; the key was checked on the primary.
      expect((await api.call('GET', '/v1/affiliate/clicks', { token })).status).toBe(200);
      await api.call('DELETE', `/v1/affiliates/${p.a.id}/keys/${created.body.data.id}`, { token: p.token });
      expect((await api.call('GET', '/v1/affiliate/clicks', { token })).status).toBe(401);
    } finally {
      await replica`select pg_wal_replay_resume()`;
    }
  });
});
