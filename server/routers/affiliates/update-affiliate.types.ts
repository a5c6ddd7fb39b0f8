import { z } from 'zod';
import { affiliateRecord, affiliateStatus } from '../../contracts/affiliate';
import { email, name, one, recordId, referenceId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const updateAffiliateMeta = operation({
  method: 'PATCH',
  path: '/affiliates/{id}',
  summary: "Update an affiliate's name, payout e-mail, campaign or status (active approves), or hold its commissions",
  description:
    'commissions_held (an extension of the spec) holds the commissions: they stay approved, but no payout batch includes them until it is set back to false. Holding again keeps the first commissions_held_at. Emits affiliate.updated when something changed.',
  tags: ['Affiliates'],
  errors: ['link_not_found', 'unknown_resource'],
});

export const updateAffiliateInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  payout_email: email.nullable().optional(),
  campaign_id: referenceId.optional(),
  status: affiliateStatus.optional(),
  commissions_held: z.boolean().optional().describe('true holds the commissions out of payout batches; false releases them'),
});

export const updateAffiliateOutput = one('affiliate', affiliateRecord);
