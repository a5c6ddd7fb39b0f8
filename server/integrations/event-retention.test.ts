import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationEvents } from '@/db/schema';
import { readConfig } from '../lib/env';
import { registerIntegrationJobs } from '../jobs/integration-jobs';
import { createJobRunner } from '../jobs/runner';
import { startTestApi, type TestApi } from '../testing/api';
import { eventually } from '../testing/webhook-receiver';
import { pruneIntegrationEvents } from './event-log';

// INTEGRATION_EVENT_RETENTION_DAYS: events older than it leave the log in bounded batches; recent
// ones, and old ones still due for a try, stay.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DAY = 86_400_000;
let seq = 0;

/** Stored events received `daysAgo`, in a new workspace; `due` ones still wait for a try. */
async function seedEvents(ages: number[], opts: { due?: boolean } = {}) {
  const ws = await api.workspace();
  const rows = ages.map((daysAgo) => ({
    workspaceId: ws.id,
    provider: 'stripe',
    eventId: `evt_retention_${++seq}`,
    type: 'customer.created',
    livemode: true,
    occurredAt: new Date(Date.now() - daysAgo * DAY),
    receivedAt: new Date(Date.now() - daysAgo * DAY),
    payload: { id: `evt_retention_${seq}` },
    status: opts.due ? ('waiting' as const) : ('applied' as const),
    nextAttemptAt: opts.due ? new Date() : null,
  }));
  await api.db.insert(integrationEvents).values(rows);
  const left = async () => (await api.db.select({ eventId: integrationEvents.eventId }).from(integrationEvents).where(eq(integrationEvents.workspaceId, ws.id))).map((r) => r.eventId).sort();
  return { ids: rows.map((r) => r.eventId), left };
}

describe('integration event retention', () => {
  it('deletes only events older than the retention, not those still due for a try', async () => {
    const ages = [40, 31, 29, 1, 0];
    const { ids, left } = await seedEvents(ages);
    const due = await seedEvents([45], { due: true });
    expect(await pruneIntegrationEvents(api.db, { retentionDays: 30, batch: 1 })).toBe(2);
    expect(await left()).toEqual(ids.filter((_, i) => ages[i] < 30).sort());
    expect(await due.left()).toEqual(due.ids);
  });

  it('deletes at most batch × batches rows a run; the next run goes on', async () => {
    const { left } = await seedEvents([50, 50, 50, 50, 50]);
    expect(await pruneIntegrationEvents(api.db, { retentionDays: 30, batch: 2, maxBatches: 1 })).toBe(2);
    expect(await left()).toHaveLength(3);
    expect(await pruneIntegrationEvents(api.db, { retentionDays: 30, batch: 2, maxBatches: 5 })).toBe(3);
    expect(await left()).toEqual([]);
  });

  it('runs as the integrations.prune job when the setting is given, and the setting is at least 7 days', async () => {
    const { ids, left } = await seedEvents([20, 3]);
    const runner = await createJobRunner(api.database);
    try {
      await registerIntegrationJobs(runner, api.db, { retentionDays: 10 });
      await eventually(async () => (await left()).length === 1, 15_000);
      expect(await left()).toEqual([ids[1]]);
    } finally {
      await runner.stop();
    }
    expect(readConfig({ ...process.env, INTEGRATION_EVENT_RETENTION_DAYS: '90' }).integrationEventRetentionDays).toBe(90);
    expect(readConfig({ ...process.env, INTEGRATION_EVENT_RETENTION_DAYS: '' }).integrationEventRetentionDays).toBeUndefined();
    expect(() => readConfig({ ...process.env, INTEGRATION_EVENT_RETENTION_DAYS: '2' })).toThrow(/at least 7/);
  });
});
