import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { bossDb } from './boss-db';

// A job that finishes while the runner stops reaches pg-boss's complete() after the database
// handle closed. pg-boss reads rows[0].count of that command's answer: an empty answer threw an
// unhandled rejection (seen in CI). pg-boss's own command texts, so a change of theirs shows here.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<string, (schema: string) => string> & {
  fetchNextJob: (schema: string) => (options: object) => string;
};
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

it('after close, a command that reports a count answers 0 and a fetch answers no jobs, without touching the database', async () => {
  const db = bossDb(database);
  await db.close();
  for (const command of ['completeJobs', 'failJobsById', 'cancelJobs', 'deleteJobs', 'resumeJobs', 'retryJobs']) {
    expect({ command, rows: (await db.executeSql(plans[command]('pgboss'), ['q', []])).rows }).toEqual({ command, rows: [{ count: 0 }] });
  }
  expect((await db.executeSql(plans.fetchNextJob('pgboss')({}), ['q', 1])).rows).toEqual([]);
});
