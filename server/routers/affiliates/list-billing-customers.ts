// GET /v1/affiliates/{id}/billing-customers: the affiliate's own billing customers
import { listBillingCustomers, type AffiliateBillingCustomer } from '../../domain/affiliates/billing-customers';
import { iso } from '../../contracts/common';
import { workspaceProcedure } from '../../trpc/procedures';
import { listBillingCustomersInput, listBillingCustomersMeta, listBillingCustomersOutput } from './list-billing-customers.types';

export const presentBillingCustomers = (rows: AffiliateBillingCustomer[]) => ({
  object: 'affiliate_billing_customers' as const,
  data: rows.map((r) => ({ provider: r.provider, customer_id: r.customerId, updated_at: iso(r.updatedAt) })),
});

export const listBillingCustomersProcedure = workspaceProcedure('read')
  .meta(listBillingCustomersMeta)
  .input(listBillingCustomersInput)
  .output(listBillingCustomersOutput)
  .query(async ({ ctx, input }) => presentBillingCustomers(await listBillingCustomers({ ctx, affiliateId: input.id })));
