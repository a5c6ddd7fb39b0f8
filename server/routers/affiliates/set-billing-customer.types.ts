import { z } from 'zod';
import { recordId, text, timestamp } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const billingCustomerRecord = z
  .object({
    provider: text(32),
    customer_id: text(255),
    updated_at: timestamp,
  })
  .meta({ id: 'AffiliateBillingCustomer' });

export const billingCustomersOutput = z.object({
  object: z.literal('affiliate_billing_customers'),
  data: z.array(billingCustomerRecord).max(8),
});

export const setBillingCustomerMeta = operation({
  method: 'PUT',
  path: '/affiliates/{id}/billing-customers/{provider}',
  summary: "Set the affiliate's own customer at a billing provider",
  description:
    'Rewards with delivery_target affiliate (account credit, free months) are delivered to this customer ' +
    '(docs/rewards-in-billing.md). customer_id null removes it.',
  tags: ['Affiliates'],
  errors: ['link_not_found', 'customer_id_required'],
});

export const setBillingCustomerInput = z.strictObject({
  id: recordId,
  provider: z.enum(['stripe', 'paddle']),
  customer_id: text(255).nullable().describe('cus_… (Stripe) or ctm_… (Paddle); null removes it'),
});
export const setBillingCustomerOutput = billingCustomersOutput;
