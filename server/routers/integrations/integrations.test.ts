import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '@/db/schema';
import { providerName } from '../../contracts/integration';
import { createUser } from '../../domain/users/users';
import { PROVIDER_NAMES } from '../../integrations/providers';
import { SECRET, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, sid } from '../../testing/stripe/objects';
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
    await shop.send('customer.created', { object: 'customer', id: sid('cus') });
    const log = await owner.integrations.events({ provider: 'stripe' });
    expect(log.data.map((e) => [e.type, e.status, e.action])).toEqual([
      ['customer.created', 'ignored', 'unhandled_event'],
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
