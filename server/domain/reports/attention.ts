import { and, count, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { affiliates, commissions, webhookEndpoints, workspaces } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { onTestConversion } from '../commissions/read';
import { latestAssessments } from '../risk/latest';

export type AttentionCounts = {
  pendingAffiliates: number;
  pendingCommissions: number;
  highRiskAffiliates: number;
  failingWebhooks: number;
};

/**
 * The dashboard's "needs attention" counts, exact, in one statement (scalar subqueries over the
 * workspace's row). Each count is what the page it links to lists: pending affiliates; pending
 * commissions without test conversions (as GET /v1/commissions hides them); affiliates whose
 * current, undismissed assessment is high or critical (GET /v1/risk/flags' notion of current);
 * endpoints failing now or turned off by delivery (a manager's own pause is not a failure).
 */
export async function attentionCounts({ ctx }: { ctx: WorkspaceCtx }): Promise<AttentionCounts> {
  const latest = latestAssessments(ctx);
  const highRisk = ctx.db
    .select({ n: count() })
    .from(latest)
    .innerJoin(affiliates, and(eq(affiliates.id, latest.affiliateId), eq(affiliates.workspaceId, ctx.workspaceId)))
    .where(and(inArray(latest.riskLevel, ['high', 'critical']), isNull(latest.dismissedAt)));
  const [row] = await ctx.db
    .select({
      pendingAffiliates: ctx.db.$count(affiliates, and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.status, 'pending'))),
      pendingCommissions: ctx.db.$count(
        commissions,
        and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.status, 'pending'), notExists(onTestConversion(ctx))),
      ),
      highRiskAffiliates: sql<number>`(${highRisk})`.mapWith(Number),
      failingWebhooks: ctx.db.$count(
        webhookEndpoints,
        and(eq(webhookEndpoints.workspaceId, ctx.workspaceId), or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.disabledReason))),
      ),
    })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return row ?? { pendingAffiliates: 0, pendingCommissions: 0, highRiskAffiliates: 0, failingWebhooks: 0 };
}
