// POST /v1/affiliates/bulk: approve, reject, suspend or move up to 100 affiliates in one transaction
import { presentAffiliate } from '../../contracts/affiliate';
import { bulkUpdateAffiliates } from '../../domain/affiliates/bulk-update';
import { workspaceProcedure } from '../../trpc/procedures';
import { bulkUpdateAffiliatesInput, bulkUpdateAffiliatesMeta, bulkUpdateAffiliatesOutput } from './bulk-update-affiliates.types';

export const bulkUpdateAffiliatesProcedure = workspaceProcedure('write')
  .meta(bulkUpdateAffiliatesMeta)
  .input(bulkUpdateAffiliatesInput)
  .output(bulkUpdateAffiliatesOutput)
  .mutation(async ({ ctx, input }) => {
    const rows = await bulkUpdateAffiliates({ ctx, ids: input.ids, action: input.action, campaignId: input.campaign_id, groupId: input.group_id });
    // The list envelope of every list answer; the whole result fits in one page.
    return { object: 'list' as const, resource: 'affiliates', limit: rows.length, offset: 0, has_more: false, data: rows.map(presentAffiliate) };
  });
