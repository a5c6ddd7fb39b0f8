// GET /v1/affiliates: list affiliates, filtered by status, campaign or e-mail
import { presentAffiliate } from '../../contracts/affiliate';
import { listAffiliates } from '../../domain/affiliates/list';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listAffiliatesInput, listAffiliatesMeta, listAffiliatesOutput } from './list-affiliates.types';

export const listAffiliatesProcedure = workspaceProcedure('read')
  .meta(listAffiliatesMeta)
  .input(listAffiliatesInput)
  .output(listAffiliatesOutput)
  .query(({ ctx, input }) =>
    listPage(
      'affiliates',
      input,
      (limit, offset) =>
        listAffiliates({
          ctx,
          filter: { status: input.status, campaignId: input.campaign_id, groupId: input.group_id, email: input.email },
          page: { limit, offset },
        }),
      presentAffiliate,
    ),
  );
