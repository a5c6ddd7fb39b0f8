import { z } from 'zod';
import { affiliateInviteRecord } from '../../contracts/affiliate';
import { email, name, one, refCode, referenceId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const inviteAffiliateMeta = operation({
  method: 'POST',
  path: '/affiliates/invite',
  summary: 'Invite an affiliate by e-mail (idempotent on the e-mail: 201 when created, 200 when it already existed)',
  tags: ['Affiliates'],
  successStatus: 201,
  errors: ['email_required', 'unknown_resource', 'invalid_state'],
});

export const inviteAffiliateInput = z.strictObject({
  email,
  name: name.optional(),
  ref_code: refCode.optional(),
  campaign_id: referenceId.optional().describe('defaults to the oldest active campaign'),
});

export const inviteAffiliateOutput = one('affiliate_invite', affiliateInviteRecord);
