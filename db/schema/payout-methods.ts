import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { PAYOUT_METHOD_KINDS, PAYOUT_METHOD_STATES } from '../../server/model/enums';

// How each affiliate is paid (docs/paying-affiliates.md), chosen in the portal: one method per
// affiliate; an affiliate without a row is paid by hand from the CSV, as before payout rails.
export const affiliatePayoutMethods = pgTable(
  'affiliate_payout_methods',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    kind: text('kind', { enum: PAYOUT_METHOD_KINDS }).notNull(),
    state: text('state', { enum: PAYOUT_METHOD_STATES }).notNull().default('setting_up'),
    // stripe_connect: the Express account (acct_…), its country and what Stripe says it still needs
    stripeAccountId: text('stripe_account_id'),
    country: text('country'),
    // paypal: the address or PayPal id payouts go to, and when the affiliate confirmed it
    paypalReceiver: text('paypal_receiver'),
    paypalConfirmedAt: ts('paypal_confirmed_at'),
    // why the method is not ready, in our words (the provider's requirements, a refusal)
    stateReason: text('state_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('affiliate_payout_methods_affiliate_uq').on(t.workspaceId, t.affiliateId),
    // account.updated finds the method of its Express account
    index('affiliate_payout_methods_stripe_idx').on(t.stripeAccountId),
  ],
);
