import { and, asc, eq } from 'drizzle-orm';
import { affiliateBillingCustomers } from '@/db/schema';
import { invalid } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { getAffiliate } from './affiliates';

// An affiliate that is itself a customer of the merchant, per billing provider: rewards delivered
// in the billing system to the affiliate land on this customer (docs/rewards-in-billing.md).

export type AffiliateBillingCustomer = typeof affiliateBillingCustomers.$inferSelect;

// The customer ids each provider makes; anything else could never receive a reward.
const CUSTOMER_ID: Record<string, RegExp> = { stripe: /^cus_[A-Za-z0-9]{1,250}$/, paddle: /^ctm_[a-z0-9]{26}$/ };
export const BILLING_PROVIDERS = Object.keys(CUSTOMER_ID) as ('stripe' | 'paddle')[];

export async function listBillingCustomers({ ctx, affiliateId }: { ctx: WorkspaceCtx; affiliateId: string }): Promise<AffiliateBillingCustomer[]> {
  await getAffiliate({ ctx, id: affiliateId });
  return ctx.db
    .select()
    .from(affiliateBillingCustomers)
    .where(and(eq(affiliateBillingCustomers.workspaceId, ctx.workspaceId), eq(affiliateBillingCustomers.affiliateId, affiliateId)))
    .orderBy(asc(affiliateBillingCustomers.provider));
}

/** Sets (or with null, removes) the affiliate's customer at one provider; answers all of them. */
export async function setBillingCustomer({ ctx, affiliateId, provider, customerId }: { ctx: ActingCtx; affiliateId: string; provider: string; customerId: string | null }) {
  const pattern = CUSTOMER_ID[provider];
  if (!pattern) throw invalid('provider', `one of ${BILLING_PROVIDERS.join(', ')}`);
  if (customerId !== null && !pattern.test(customerId)) throw invalid('customer_id', `a ${provider} customer id (${provider === 'stripe' ? 'cus_…' : 'ctm_…'})`);
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await getAffiliate({ ctx: inTx, id: affiliateId });
    const mine = and(eq(affiliateBillingCustomers.workspaceId, ctx.workspaceId), eq(affiliateBillingCustomers.affiliateId, affiliateId), eq(affiliateBillingCustomers.provider, provider));
    const [before] = await tx.select().from(affiliateBillingCustomers).where(mine);
    if ((before?.customerId ?? null) !== customerId) {
      if (customerId === null) await tx.delete(affiliateBillingCustomers).where(mine);
      else
        await tx
          .insert(affiliateBillingCustomers)
          .values({ workspaceId: ctx.workspaceId, affiliateId, provider, customerId })
          .onConflictDoUpdate({ target: [affiliateBillingCustomers.workspaceId, affiliateBillingCustomers.affiliateId, affiliateBillingCustomers.provider], set: { customerId, updatedAt: new Date() } });
      await addAuditEntry(tx, ctx, 'affiliate.updated', { type: 'affiliate', id: affiliateId }, {
        before: { billing_customer: { provider, customer_id: before?.customerId ?? null } },
        after: { billing_customer: { provider, customer_id: customerId } },
      });
    }
    return listBillingCustomers({ ctx: inTx, affiliateId });
  });
}
