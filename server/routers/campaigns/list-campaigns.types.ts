import { z } from 'zod';
import { campaignRecord, campaignStatus } from '../../contracts/campaign';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listCampaignsMeta = operation({
  method: 'GET',
  path: '/campaigns',
  summary: 'List campaigns, newest first',
  tags: ['Campaigns'],
  errors: [],
});

export const listCampaignsInput = z.object({ status: campaignStatus.optional(), ...pageQuery(200, 50) });
export const listCampaignsOutput = listOf(campaignRecord);
