// PUT /v1/affiliates/{id}/billing-customers/{provider}: set the affiliate's own billing customer
import { setBillingCustomer } from '../../domain/affiliates/billing-customers';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentBillingCustomers } from './list-billing-customers';
import { setBillingCustomerInput, setBillingCustomerMeta, setBillingCustomerOutput } from './set-billing-customer.types';

export const setBillingCustomerProcedure = workspaceProcedure('write')
  .meta(setBillingCustomerMeta)
  .input(setBillingCustomerInput)
  .output(setBillingCustomerOutput)
  .mutation(async ({ ctx, input }) =>
    presentBillingCustomers(await setBillingCustomer({ ctx, affiliateId: input.id, provider: input.provider, customerId: input.customer_id })),
  );
