// POST /v1/campaigns/{id}/commission-rule/preview: what a described sale would earn (read scope, writes nothing)
import { previewEarning } from '../../domain/rules/preview-earning';
import { workspaceProcedure } from '../../trpc/procedures';
import { previewCommissionRuleInput, previewCommissionRuleMeta, previewCommissionRuleOutput } from './preview-commission-rule.types';

export const previewCommissionRuleProcedure = workspaceProcedure('read')
  .meta(previewCommissionRuleMeta)
  .input(previewCommissionRuleInput)
  .output(previewCommissionRuleOutput)
  .mutation(async ({ ctx, input: { id, amount, tax, fee, currency, product_id, interval, period_index } }) => {
    const p = await previewEarning({ ctx, campaignId: id, sale: { amount, tax, fee, currency, productId: product_id, interval, periodIndex: period_index } });
    return {
      object: 'commission_preview' as const,
      data: {
        rule_id: p.rule?.id ?? null,
        rule_kind: p.rule?.kind ?? null,
        rule_name: p.rule?.name ?? null,
        rate_campaign_id: p.rateCampaignId,
        amount: p.amount,
        currency: p.currency,
        reason_code: p.reasonCode,
        reason: p.reason,
        revenue_basis: p.revenue,
      },
    };
  });
