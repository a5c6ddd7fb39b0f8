import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, integrations } from '@/db/schema';
import { providerName } from '../../contracts/integration';
import { createUser } from '../../domain/users/users';
import { PROVIDER_NAMES } from '../../integrations/providers';
import { SECRET, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, sid } from '../../testing/stripe/objects';
import { signed, stripeEvent } from '../../testing/stripe/event';
import { dashboardCaller, failure } from '../../testing/session-caller';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

async function member(workspaceId: string, role: 'owner' | 'viewer') {
  const user = await createUser(h.api.db, { email: `${role}-${sid('u')}@example.com`, password: 'password-1', workspaceId, role });
  return dashboardCaller(h.api, user.id);
}

describe('integrations router (dashboard)', () => {
  it('lists the same providers as the registry', () => {
    expect([...providerName.options].sort()).toEqual([...PROVIDER_NAMES].sort());
  });

  it('connects Stripe with a sealed secret and shows the exact endpoint and the events to select', async () => {
    const ws = await h.api.workspace();
    const owner = await member(ws.id, 'owner');
    const before = await owner.integrations.status({ provider: 'stripe' });
    expect(before).toMatchObject({ connected: false, secret_hint: null, endpoint_url: `${h.api.services.config.publicUrl}/integrations/stripe/${ws.publicId}` });
    expect(before.events.map((e) => e.type)).toContain('invoice.paid');

    const bad = { provider: 'stripe' as const, secret: 'sk_live_not_a_signing_secret' };
    expect(await failure(owner.integrations.save(bad), bad)).toMatchObject({ status: 400, error: 'invalid_request' });
    const saved = await owner.integrations.save({ provider: 'stripe', secret: SECRET });
    expect(saved).toMatchObject({ connected: true, secret_hint: `…${SECRET.slice(-4)}`, amount_basis: 'paid' });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    const [row] = await h.api.db.select().from(integrations).where(eq(integrations.workspaceId, ws.id));
    expect(JSON.stringify(row)).not.toContain(SECRET.slice(6));
    expect(await owner.integrations.save({ provider: 'stripe', amount_basis: 'paid_excluding_tax' })).toMatchObject({ amount_basis: 'paid_excluding_tax', secret_hint: saved.secret_hint });

    const viewer = await member(ws.id, 'viewer');
    expect(await failure(viewer.integrations.save({ provider: 'stripe', secret: SECRET }))).toMatchObject({ status: 403, need: 'write' });
    expect(await viewer.integrations.status({ provider: 'stripe' })).toMatchObject({ connected: true });
    expect(await owner.integrations.remove({ provider: 'stripe' })).toEqual({ removed: true });
    expect(await owner.integrations.status({ provider: 'stripe' })).toMatchObject({ connected: false });
  });

  it('shows the last events with what each did, counts them, and replays one', async () => {
    const shop = await h.shop({ prefix: 'log' });
    const owner = await member(shop.program.ws.id, 'owner');
    const pi = sid('pi');
    const { event } = await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi, metadata: { refcount_ref: shop.program.a.ref } }));
    await shop.send('customer.deleted', { object: 'customer', id: sid('cus') });
    const log = await owner.integrations.events({ provider: 'stripe' });
    expect(log.data.map((e) => [e.type, e.status, e.action])).toEqual([
      ['customer.deleted', 'ignored', 'unhandled_event'],
      ['checkout.session.completed', 'applied', 'conversion_created'],
    ]);
    const conv = await shop.conversionOf(pi);
    expect(log.data[1]).toMatchObject({ event_id: event.id, conversion_id: conv.id, livemode: true });
    const status = await owner.integrations.status({ provider: 'stripe' });
    expect(status.counts).toMatchObject({ applied: 1, ignored: 1, waiting: 0, failed: 0 });
    expect(status.last_event_at).not.toBeNull();

    const replayed = await owner.integrations.replay({ provider: 'stripe', id: log.data[1].id });
    expect(replayed.data).toMatchObject({ status: 'applied', action: 'conversion_exists', conversion_id: conv.id, attempts: 1 });
    expect(await shop.commissionsOf(conv.id)).toHaveLength(1);

    const stranger = await member((await h.api.workspace()).id, 'owner');
    expect(await failure(stranger.integrations.replay({ provider: 'stripe', id: log.data[1].id }))).toMatchObject({ status: 404, error: 'link_not_found' });
    expect((await stranger.integrations.events({ provider: 'stripe' })).data).toEqual([]);
  });
});

describe('the audit log of integrations', () => {
  // The workspace fixture's own key leaves a row too: only the integrations' rows are read.
  const auditOf = async (workspaceId: string) =>
    (await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(auditEvents.createdAt, auditEvents.id)).filter((r) => r.action.startsWith('integration'));

  it('records connecting, changing and removing a provider by the user, never the secret', async () => {
    const ws = await h.api.workspace();
    const user = await createUser(h.api.db, { email: `owner-${sid('u')}@example.com`, password: 'password-1', workspaceId: ws.id, role: 'owner' });
    const owner = dashboardCaller(h.api, user.id);
    const saved = await owner.integrations.save({ provider: 'stripe', secret: SECRET });
    await owner.integrations.save({ provider: 'stripe', amount_basis: 'paid_excluding_tax' });
    await owner.integrations.save({ provider: 'stripe', amount_basis: 'paid_excluding_tax' }); // no change: no row
    await owner.integrations.save({ provider: 'stripe', secret: `${SECRET.slice(0, -4)}ffff` });
    await owner.integrations.remove({ provider: 'stripe' });
    expect(await owner.integrations.remove({ provider: 'stripe' })).toEqual({ removed: false }); // nothing to remove: no row
    const rows = await auditOf(ws.id);
    const id = rows[0].targetId;
    expect(rows.map((r) => [r.actorType, r.actorId, r.action, r.targetType, r.targetId, r.changes])).toEqual([
      ['user', user.id, 'integration.connected', 'integration', id, { after: { provider: 'stripe', signing_secret: 'set', amount_basis: 'paid' } }],
      ['user', user.id, 'integration.updated', 'integration', id, { provider: 'stripe', before: { amount_basis: 'paid' }, after: { amount_basis: 'paid_excluding_tax' } }],
      ['user', user.id, 'integration.updated', 'integration', id, { provider: 'stripe', before: {}, after: { signing_secret: 'set' } }],
      ['user', user.id, 'integration.removed', 'integration', id, { before: { provider: 'stripe', signing_secret: 'set', amount_basis: 'paid_excluding_tax' } }],
    ]);
    const all = JSON.stringify(rows);
    expect(all).not.toContain('whsec_');
    expect(all).not.toContain(saved.secret_hint!.slice(1));
  });

  it('a refused save records nothing', async () => {
    const ws = await h.api.workspace();
    const owner = await member(ws.id, 'owner');
    await failure(owner.integrations.save({ provider: 'stripe', secret: 'sk_live_not_a_signing_secret' }));
    await failure(owner.integrations.save({ provider: 'stripe', amount_basis: 'paid' }));
    expect(await auditOf(ws.id)).toEqual([]);
  });

  it('records who replayed an event; a rejected event cannot be replayed and is counted apart', async () => {
    const shop = await h.shop({ prefix: 'rpl' });
    const user = await createUser(h.api.db, { email: `owner-${sid('u')}@example.com`, password: 'password-1', workspaceId: shop.program.ws.id, role: 'owner' });
    const owner = dashboardCaller(h.api, user.id);
    const { event } = await shop.send('customer.deleted', { object: 'customer', id: sid('cus') });
    const { body, header } = signed({ ...stripeEvent('customer.deleted', { object: 'customer', id: sid('cus') }), data: {} } as never, SECRET);
    expect((await shop.post(body, { 'Stripe-Signature': header })).body).toMatchObject({ status: 'rejected' });
    const [rejected, ignored] = (await owner.integrations.events({ provider: 'stripe' })).data;
    expect([rejected.status, ignored.event_id]).toEqual(['rejected', event.id]);
    expect((await owner.integrations.status({ provider: 'stripe' })).counts).toMatchObject({ ignored: 1, rejected: 1 });

    await owner.integrations.replay({ provider: 'stripe', id: ignored.id });
    expect(await failure(owner.integrations.replay({ provider: 'stripe', id: rejected.id }))).toMatchObject({ status: 409, error: 'invalid_state' });
    const replays = (await auditOf(shop.program.ws.id)).filter((r) => r.action === 'integration_event.replayed');
    expect(replays.map((r) => [r.actorType, r.actorId, r.targetId, r.changes])).toEqual([
      ['user', user.id, ignored.id, { after: { provider: 'stripe', event_id: event.id, type: 'customer.deleted', status_before: 'ignored' } }],
    ]);
  });
});
