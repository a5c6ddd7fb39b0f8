import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import { startJobRunner } from '../../jobs/start';
import { startTestApi, type TestApi } from '../../testing/api';
import { eventually, startReceiver, type Receiver } from '../../testing/webhook-receiver';
import { settled } from '../../testing/webhooks-settled';

// At-least-once through an outage: every event produced while the receiver is down arrives
// once it is back, each exactly once by webhook-id. Schedule compressed 500 times.
let api: TestApi;
let runner: Awaited<ReturnType<typeof startJobRunner>>;
let receiver: Receiver;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
  runner = await startJobRunner({ database: api.database, config: api.services.config, webhooks: { retryScale: 0.002 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await runner?.stop();
  await receiver?.close();
  await api?.close();
});

const EVENTS = 1000;

async function deliveriesWhere(endpointId: string, extra?: ReturnType<typeof eq>) {
  const [row] = await api.db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), extra));
  return row.n;
}

it(`delivers all ${EVENTS} events produced during an outage, each exactly once`, async () => {
  const ws = await api.workspace(['*']);
  await receiver.down();
  const created = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: receiver.url, events: ['campaign.created'] } });
  const endpointId = created.body.data.id;

  for (let i = 0; i < EVENTS; i += 25) {
    const batch = Array.from({ length: Math.min(25, EVENTS - i) }, (_, j) =>
      api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: `c${i + j}` } }),
    );
    for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
  }
  // Down long enough that every delivery has failed at least once.
  await eventually(async () => (await deliveriesWhere(endpointId, gte(webhookDeliveries.attempts, 1))) === EVENTS, 60_000);
  expect(receiver.received).toHaveLength(0);

  await receiver.up();
  await eventually(async () => (await deliveriesWhere(endpointId, eq(webhookDeliveries.status, 'succeeded'))) === EVENTS, 90_000);
  const events = await api.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.workspaceId, ws.id));
  const perId = new Map<string, number>();
  for (const id of receiver.ids()) perId.set(id, (perId.get(id) ?? 0) + 1);
  expect(perId.size).toBe(EVENTS);
  expect([...perId.values()].every((n) => n === 1)).toBe(true);
  expect(new Set(events.map((e) => e.id))).toEqual(new Set(perId.keys()));
  // Nothing more can trickle in: every delivery is settled (succeeded, none pending), and a
  // receiver hears of a delivery before its row is marked succeeded.
  await settled(api.db, ws.id);
  expect(await deliveriesWhere(endpointId)).toBe(EVENTS);
  expect(receiver.received).toHaveLength(EVENTS);
}, 180_000);
