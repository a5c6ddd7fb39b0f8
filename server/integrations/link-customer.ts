import { and, desc, eq } from 'drizzle-orm';
import { affiliates, conversions } from '@/db/schema';
import { readSettings } from '../domain/settings/settings';
import { emailHasher } from '../domain/tracking/email-hash';
import { customerLink, hasConversions, hasHints, linkCustomer, type Hints } from './customers';
import { applied, ignored, type IntegrationCtx, type Outcome } from './provider';
import { recordProviderLead } from './record-sale';

/** The latest lead recorded with this e-mail (its hash) whose affiliate is active, in the same mode. */
async function leadByEmail(ctx: IntegrationCtx, emailHash: string, isTest: boolean) {
  const [lead] = await ctx.db
    .select({ externalId: conversions.externalId, refCode: affiliates.refCode })
    .from(conversions)
    .innerJoin(affiliates, and(eq(affiliates.id, conversions.affiliateId), eq(affiliates.status, 'active')))
    .where(
      and(
        eq(conversions.workspaceId, ctx.workspaceId),
        eq(conversions.emailHash, emailHash),
        eq(conversions.type, 'lead'),
        eq(conversions.isTest, isTest),
      ),
    )
    .orderBy(desc(conversions.ts))
    .limit(1);
  return lead;
}

export type ProviderCustomer = {
  customerId: string;
  email: string | null | undefined;
  hints: Hints;
  livemode: boolean;
  at: Date;
  sourceEventId: string;
  connectedAccount?: string | null;
};

/**
 * A provider customer made or changed outside a checkout (docs/integrations/stripe.md#customers-without-checkout).
 * Referral metadata links it, and the sign-up is a lead at that time (external_id = the customer
 * id), so every later payment keeps the affiliate. Without metadata, its e-mail links it to the
 * affiliate of the latest lead recorded with that e-mail (unless the workspace turned that off).
 * A customer linked or attributed already keeps its affiliate. Without either nothing is noted:
 * a checkout may still link it.
 */
export async function linkProviderCustomer({ ctx, customer: c }: { ctx: IntegrationCtx; customer: ProviderCustomer }): Promise<Outcome> {
  const existing = await customerLink(ctx, c.customerId);
  if (existing && hasHints(existing)) return ignored('already_linked', `${c.customerId} is linked already (the first link wins)`);
  if (await hasConversions(ctx, c.customerId)) return ignored('already_attributed', `${c.customerId} has conversions already: it keeps their affiliate`);
  if (hasHints(c.hints)) {
    await linkCustomer(ctx, c.customerId, c.hints, c.sourceEventId);
    return recordProviderLead({ ctx, lead: { externalId: c.customerId, customerId: c.customerId, at: c.at, livemode: c.livemode, hints: c.hints, connectedAccount: c.connectedAccount } });
  }
  if (!c.email?.trim()) return ignored('no_referral', `${c.customerId} carries no refcount_ref or refcount_visitor_id metadata and no e-mail`);
  if (!(await readSettings(ctx)).linkCustomersByEmail) return ignored('no_referral', `${c.customerId} carries no referral metadata; linking by e-mail is turned off in Settings`);
  const lead = await leadByEmail(ctx, (await emailHasher({ ctx }))(c.email)!, !c.livemode);
  // the detail never names the address
  if (!lead) return ignored('no_referral', `${c.customerId} carries no referral metadata, and no lead was recorded with its e-mail`);
  await linkCustomer(ctx, c.customerId, { ref: lead.refCode }, c.sourceEventId);
  return applied('customer_linked', `${c.customerId} linked by e-mail to lead ${lead.externalId} (affiliate ${lead.refCode})`);
}
