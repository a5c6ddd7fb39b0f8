// dashboard-only: exact counts of what needs a manager's attention, for the Overview's tiles
import { attentionCounts } from '../../domain/reports/attention';
import { workspaceProcedure } from '../../trpc/procedures';
import { getAttentionInput, getAttentionOutput } from './get-attention.types';

export const getAttentionProcedure = workspaceProcedure('read')
  .input(getAttentionInput)
  .output(getAttentionOutput)
  .query(async ({ ctx }) => {
    const c = await attentionCounts({ ctx });
    return {
      pending_affiliates: c.pendingAffiliates,
      pending_commissions: c.pendingCommissions,
      high_risk_affiliates: c.highRiskAffiliates,
      failing_webhooks: c.failingWebhooks,
    };
  });
