import { z } from 'zod';
import { httpsUrl, one, recordId } from '../../contracts/common';
import { linkRecord, subId } from '../../contracts/link';
import { operation } from '../../trpc/meta';

export const createLinkMeta = operation({
  method: 'POST',
  path: '/links',
  summary: "Create a referral link for an affiliate; campaign, ref param and destination default from the affiliate's campaign",
  tags: ['Links'],
  successStatus: 201,
  errors: ['affiliate_id_required', 'campaign_id_required', 'unknown_resource'],
});

export const createLinkInput = z.strictObject({
  affiliate_id: recordId.describe('affiliate of this workspace (uuid)'),
  campaign_id: recordId.optional().describe("defaults to the affiliate's campaign, else the oldest active one"),
  destination_url: httpsUrl.optional().describe("defaults to the campaign's destination_url"),
  sub_id: subId.optional().describe('a label for this placement (an addition to the spec); the referral URL carries it as sub_id'),
});

export const createLinkOutput = one('link', linkRecord);
