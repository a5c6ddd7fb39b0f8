import { z } from 'zod';
import { affiliateRecord, affiliateStatus } from '../../contracts/affiliate';
import { email, name, one, recordId, refCode, referenceId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const updateAffiliateMeta = operation({
  method: 'PATCH',
  path: '/affiliates/{id}',
  summary: "Update an affiliate's name, e-mail, ref code, payout e-mail, campaign, partner group or status (active approves), or hold its commissions",
  description:
    'A new email must be no other affiliate\'s (compared case-insensitively), a new ref_code must be no other affiliate\'s ref code, old ref code or coupon code: else 409 invalid_state. The old ref code is kept as an alias, so ?ref=old and /r/old still credit this affiliate. recruited_by names the affiliate that recruited it, only while it has none, never itself (else invalid_request); another workspace\'s affiliate answers unknown_resource. commissions_held (an extension of the spec) holds the commissions: they stay approved, but no payout batch includes them until it is set back to false. Holding again keeps the first commissions_held_at. Emits affiliate.updated when something changed; a new group_id also affiliate.group_changed (a move never rewrites what it earned).',
  tags: ['Affiliates'],
  errors: ['link_not_found', 'unknown_resource', 'invalid_state'],
});

export const updateAffiliateInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  email: email.optional(),
  ref_code: refCode.optional().describe('the old code stays an alias of this affiliate'),
  payout_email: email.nullable().optional(),
  campaign_id: referenceId.optional(),
  group_id: referenceId.optional().describe('move it to this partner group (docs/groups-bounties-recruiters.md#groups)'),
  status: affiliateStatus.optional(),
  commissions_held: z.boolean().optional().describe('true holds the commissions out of payout batches; false releases them'),
  recruited_by: referenceId.optional().describe('its recruiter (docs/groups-bounties-recruiters.md#recruiters-two-tier): set once, never itself; a self-recruit (same e-mail, device or payout method) records none and is flagged in the audit log'),
});

export const updateAffiliateOutput = one('affiliate', affiliateRecord);
