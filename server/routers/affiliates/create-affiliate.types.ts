import { z } from 'zod';
import { affiliateRecord, affiliateStatus } from '../../contracts/affiliate';
import { email, name, one, refCode, referenceId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const createAffiliateMeta = operation({
  method: 'POST',
  path: '/affiliates',
  summary: 'Create an affiliate without sending an invitation (needs an e-mail or a name)',
  tags: ['Affiliates'],
  successStatus: 201,
  errors: ['email_required', 'unknown_resource', 'invalid_state'],
});

export const createAffiliateInput = z.strictObject({
  email: email.optional(),
  name: name.optional(),
  ref_code: refCode.optional(),
  campaign_id: referenceId.optional().describe('defaults to the oldest active campaign'),
  group_id: referenceId.optional().describe('its partner group; defaults to the default group (docs/groups-bounties-recruiters.md#groups)'),
  payout_email: email.nullable().optional(),
  status: affiliateStatus.optional().describe('defaults to active when the workspace auto-approves affiliates, else pending'),
});

export const createAffiliateOutput = one('affiliate', affiliateRecord);
