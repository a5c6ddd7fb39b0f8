import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { affiliates } from '@/db/schema';
import type { ActingCtx } from '../domain/context';
import { linkCustomer } from '../integrations/customers';
import { integrationCtx } from '../integrations/provider';
import { SecretUnavailable } from '../integrations/secret-box';
import { apiKeyOf, findIntegration } from '../integrations/settings';
import { stripeCall, stripeClient } from '../integrations/stripe/api';
import { knownRefs, type RefScope } from './refs';

// With the workspace's Stripe API key: every Stripe customer whose metadata names a referral of the
// peer (Rewardful wrote `referral`, FirstPromoter `fp_uid`, …) is linked to the imported affiliate
// of that referral, as a checkout would have linked it, so its renewals are attributed. The first
// link wins (integrations/customers.ts): a customer linked already keeps its affiliate.

const PAGE = 100;

/** The workspace's Stripe key, if it saved one that can be opened. */
async function stripeKey(ctx: ActingCtx): Promise<string | null> {
  const integration = await findIntegration({ ctx, provider: 'stripe' });
  if (!integration) return null;
  try {
    return apiKeyOf(integration);
  } catch (err) {
    if (err instanceof SecretUnavailable) return null;
    throw err;
  }
}

/** Answers how many customers were (a dry run: would be) linked, or null without a Stripe key. */
export async function relinkStripeCustomers(
  { ctx, scope, metadataKey, dryRun, unwritten }: { ctx: ActingCtx; scope: RefScope; metadataKey: string; dryRun: boolean; unwritten: Set<string> },
): Promise<number | null> {
  const key = await stripeKey(ctx);
  if (!key) return null;
  const client = stripeClient(key);
  let linked = 0;
  let page: Stripe.Customer[] = [];
  const flush = async () => {
    const named = page.filter((c) => c.metadata?.[metadataKey]);
    page = [];
    if (dryRun) {
      // what a run would link: customers naming a referral imported already or about to be
      const known = await knownRefs(ctx.db, scope, 'referral', named.map((c) => c.metadata[metadataKey]));
      linked += named.filter((c) => known.has(c.metadata[metadataKey]) || unwritten.has(c.metadata[metadataKey])).length;
      return;
    }
    const referrals = await knownRefs(ctx.db, scope, 'referral', named.map((c) => c.metadata[metadataKey]));
    const owners = [...new Set(referrals.values())];
    if (!owners.length) return;
    const rows = await ctx.db.select({ id: affiliates.id, refCode: affiliates.refCode }).from(affiliates).where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, owners)));
    const refCode = new Map(rows.map((r) => [r.id, r.refCode]));
    const links = named.flatMap((c) => {
      const ref = refCode.get(referrals.get(c.metadata[metadataKey]) ?? '');
      return ref ? [{ customerId: c.id, ref, referral: c.metadata[metadataKey] }] : [];
    });
    await ctx.db.transaction(async (tx) => {
      const stripe = integrationCtx(tx, ctx.workspaceId, 'stripe');
      for (const l of links) await linkCustomer(stripe, l.customerId, { ref: l.ref }, `import:${scope.source}:${l.referral}`);
    });
    linked += links.length;
  };
  await stripeCall('listing customers', async () => {
    for await (const customer of client.customers.list({ limit: PAGE })) {
      page.push(customer);
      if (page.length === PAGE) await flush();
    }
  });
  await flush();
  return linked;
}
