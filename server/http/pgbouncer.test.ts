import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { createJobRunner } from '../jobs/runner';
import { readConfig } from '../lib/env';
import { rowsOf } from '../lib/rows';
import { startTestApi, type TestApi } from '../testing/api';
import { createScratchDatabase } from '../testing/database';
import { pgbouncerPreparesStatements, startPgBouncer } from '../testing/pgbouncer';
import { startProgram, type Program } from '../testing/program';
import { describeWith } from '../testing/requirements';

// The app behind PgBouncer in transaction mode with fewer server connections than the app's
// pool: consecutive statements of one client land on different server connections. Debian 12's
// pgbouncer (1.18) cannot carry named prepared statements: DATABASE_PREPARED_STATEMENTS=false
// there; from 1.21 on max_prepared_statements does, and the default (true) is used.

const port = Number(process.env.TEST_PGBOUNCER_PORT ?? 4180);

await describeWith('pgbouncer', 'behind PgBouncer in transaction mode', (server) => {
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: TestApi;
  let p: Program;
  const env = { DATABASE_PREPARED_STATEMENTS: pgbouncerPreparesStatements() ? 'true' : 'false' };

  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'bouncer');
    bouncer = await startPgBouncer(port, server, 2);
    const config = readConfig({ ...process.env, ...env });
    const database = await openDatabase({ url: bouncer.url(new URL(scratch.url).pathname.slice(1)), prepare: config.databasePreparedStatements, max: 10 });
    await migrate(database);
    api = await startTestApi(env, database);
    p = await startProgram(api);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await bouncer?.stop();
    await scratch?.drop();
  });

  it('serves concurrent tracking, reads and reports through two server connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? p.track('click', { ref: 'affa', visitor_id: `v${i}` })
          : i % 3 === 1
            ? p.track('sale', { external_id: `s${i}`, ref: 'affb', amount: 1000 })
            : api.call('GET', '/v1/conversions?limit=5', { token: p.token }),
      ),
    );
    expect(answers.filter((a) => a.status >= 300).map((a) => [a.status, a.body])).toEqual([]);
    const summary = (await api.call('GET', '/v1/reports/summary', { token: p.token })).body.data;
    expect(summary).toMatchObject({ clicks: 20, sales: 20, revenue: 20_000 });
    // Authentication's prepared lookups (resolve-key.ts) kept working on every request above; a
    // transaction (the sale's) did too: every sale has its commission.
    const [row] = await rowsOf<{ n: number }>(api.db, sql`select count(*)::int as n from commissions where kind = 'earning'`);
    expect(Number(row.n)).toBe(20);
  });

  it('runs pg-boss jobs through the pooler', async () => {
    const runner = await createJobRunner(api.database);
    try {
      const seen: string[] = [];
      await runner.register<{ n: string }>('bouncer.probe', async (d) => void seen.push(d.n), { pollSeconds: 1 });
      await runner.send('bouncer.probe', [{ data: { n: 'a' } }, { data: { n: 'b' } }]);
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(seen.sort()).toEqual(['a', 'b']);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
