import { and, eq } from 'drizzle-orm';
import { commissionRules } from '@/db/schema';
import { notFound } from '../../errors/errors';
import { presentRule } from '../../contracts/rule';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { changeRulesOf } from './rule-campaign';
import type { Rule } from './rules';
import { wellFormedId } from '../records';

/** DELETE /v1/campaigns/{id}/commission-rule/{rule_id}: removes one rule of the campaign. */
export async function deleteCommissionRule({ ctx, campaignId, ruleId }: { ctx: ActingCtx; campaignId: string; ruleId: string }): Promise<Rule> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await changeRulesOf({ ctx: { ...ctx, db: tx }, campaignId });
    wellFormedId(ruleId, () => notFound('commission rule'));
    const [rule] = await tx
      .delete(commissionRules)
      .where(
        and(
          eq(commissionRules.workspaceId, ctx.workspaceId),
          eq(commissionRules.campaignId, campaign.id),
          eq(commissionRules.id, ruleId),
        ),
      )
      .returning();
    if (!rule) throw notFound('commission rule');
    await addAuditEntry(tx, ctx, 'commission_rule.deleted', { type: 'commission_rule', id: rule.id }, { before: { campaign_id: campaign.id, ...presentRule(rule) } });
    return rule;
  });
}
