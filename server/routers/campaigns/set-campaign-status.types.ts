import { z } from 'zod';
import { campaignRecord, campaignStatus } from '../../contracts/campaign';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const setCampaignStatusMeta = operation({
  method: 'POST',
  path: '/campaigns/{id}/status',
  summary: 'Activate, pause or archive a campaign',
  tags: ['Campaigns'],
  errors: ['status_required', 'link_not_found'],
});

export const setCampaignStatusInput = z.strictObject({ id: recordId, status: campaignStatus });
export const setCampaignStatusOutput = one('campaign', campaignRecord);
