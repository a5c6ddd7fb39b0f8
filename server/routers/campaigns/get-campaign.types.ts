import { z } from 'zod';
import { campaignRecord } from '../../contracts/campaign';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getCampaignMeta = operation({
  method: 'GET',
  path: '/campaigns/{id}',
  summary: 'Get a campaign',
  tags: ['Campaigns'],
  errors: ['link_not_found'],
});

export const getCampaignInput = z.object({ id: recordId });
export const getCampaignOutput = one('campaign', campaignRecord);
