import { z } from 'zod';
import { affiliateRecord, affiliateStatus } from '../../contracts/affiliate';
import { email, name, one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const updateAffiliateMeta = operation({
  method: 'PATCH',
  path: '/affiliates/{id}',
  summary: "Update an affiliate's name, payout e-mail, campaign or status (active approves)",
  tags: ['Affiliates'],
  errors: ['invalid_json', 'invalid_request', 'unauthorized', 'insufficient_scope', 'link_not_found', 'unknown_resource'],
});

export const updateAffiliateInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  payout_email: email.nullable().optional(),
  campaign_id: z.string().max(64).optional(),
  status: affiliateStatus.optional(),
});

export const updateAffiliateOutput = one('affiliate', affiliateRecord);
