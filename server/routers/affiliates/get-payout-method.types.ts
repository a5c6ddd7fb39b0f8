import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { payoutMethodRecord } from '../../contracts/payout-method';
import { operation } from '../../trpc/meta';

export const getPayoutMethodMeta = operation({
  method: 'GET',
  path: '/affiliates/{id}/payout-method',
  summary: "How the affiliate is paid and whether a batch can pay it: manual (the default), PayPal or Stripe Connect, with Stripe's reason when restricted",
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const getPayoutMethodInput = z.object({ id: recordId });
export const getPayoutMethodOutput = one('payout_method', payoutMethodRecord);
