// GET /v1/risk/flags: the newest risk assessment of each affiliate, newest first
import { listFlags } from '../../domain/risk/assessments';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listRiskFlagsInput, listRiskFlagsMeta, listRiskFlagsOutput } from './list-risk-flags.types';

export const listRiskFlagsProcedure = workspaceProcedure('read', 'replica')
  .meta(listRiskFlagsMeta)
  .input(listRiskFlagsInput)
  .output(listRiskFlagsOutput)
  .query(({ ctx, input }) =>
    listPage(
      'risk_assessments',
      input,
      (limit, offset) =>
        listFlags({
          ctx,
          filter: { riskLevel: input.risk_level, affiliateId: input.affiliate_id, includeDismissed: input.include_dismissed },
          page: { limit, offset },
        }),
      (record) => record,
    ),
  );
