import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIntegrationJobs } from '../jobs/integration-jobs';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import { eventually } from '../testing/webhook-receiver';
import { startStripeHarness, type StripeHarness } from '../testing/stripe/harness';
import { charge, checkoutSession, sid } from '../testing/stripe/objects';

// The retry of a reordered event by the real job runner (pg-boss on the test database), not by
// calling the sweep by hand.
let h: StripeHarness;
let runner: JobRunner;
beforeAll(async () => {
  h = await startStripeHarness();
  runner = await createJobRunner(h.api.database);
  await registerIntegrationJobs(runner, h.api.db, { everySeconds: 1 });
});
afterAll(async () => {
  await runner?.stop();
  await h?.close();
});

describe('integrations.retry job', () => {
  it('applies a refund that came before its sale once the sale arrives', async () => {
    const shop = await h.shop({ prefix: 'job' });
    const [pi, customer] = [sid('pi'), sid('cus')];
    const early = await shop.send('charge.refunded', charge({ paymentIntent: pi, customer, amount: 10_000, amountRefunded: 10_000 }));
    expect(early.res.body).toMatchObject({ status: 'waiting' });
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer, paymentIntent: pi, metadata: { refcount_ref: shop.program.a.ref } }));
    await eventually(async () => (await shop.eventRow(early.event.id)).status === 'applied', 15_000);
    expect(await shop.eventRow(early.event.id)).toMatchObject({ action: 'refunded_in_full' });
    expect(await shop.conversionOf(pi)).toMatchObject({ status: 'refunded' });
  });
});
