import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';
import { billingCustomersOutput } from './set-billing-customer.types';

export const listBillingCustomersMeta = operation({
  method: 'GET',
  path: '/affiliates/{id}/billing-customers',
  summary: "The affiliate's own customers at billing providers",
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const listBillingCustomersInput = z.object({ id: recordId });
export const listBillingCustomersOutput = billingCustomersOutput;
