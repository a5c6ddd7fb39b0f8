import { and, desc, eq, isNull } from 'drizzle-orm';
import { affiliates, riskAssessments } from '@/db/schema';
import { presentRiskAssessment, type RiskLevel } from '../../contracts/risk';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { referencedAffiliate } from '../references';
import { latestAssessments } from './latest';
import { ownRecord, wellFormedId } from '../records';

export type FlagFilter = { riskLevel?: RiskLevel; affiliateId?: string; includeDismissed?: boolean };

const embedded = {
  name: affiliates.name,
  email: affiliates.email,
  refCode: affiliates.refCode,
  status: affiliates.status,
  commissionsHeldAt: affiliates.commissionsHeldAt,
};

/**
 * GET /v1/risk/flags: each affiliate's newest assessment, newest first. The level filter and the
 * dismissal apply to that newest one: an affiliate whose current assessment was dismissed drops
 * out, rather than showing an older alarm a manager has already moved past.
 */
export async function listFlags({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: FlagFilter; page: Page }) {
  if (filter.affiliateId) await referencedAffiliate(ctx, filter.affiliateId);
  const latest = latestAssessments(ctx, filter.affiliateId);
  const rows = await ctx.db
    .select({
      assessment: {
        id: latest.id,
        workspaceId: latest.workspaceId,
        affiliateId: latest.affiliateId,
        score: latest.score,
        riskLevel: latest.riskLevel,
        recommendedAction: latest.recommendedAction,
        flags: latest.flags,
        summary: latest.summary,
        evidence: latest.evidence,
        dismissedAt: latest.dismissedAt,
        createdAt: latest.createdAt,
      },
      affiliate: embedded,
    })
    .from(latest)
    .innerJoin(affiliates, and(eq(affiliates.id, latest.affiliateId), eq(affiliates.workspaceId, ctx.workspaceId)))
    .where(
      and(
        filter.riskLevel ? eq(latest.riskLevel, filter.riskLevel) : undefined,
        filter.includeDismissed ? undefined : isNull(latest.dismissedAt),
      ),
    )
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => presentRiskAssessment(r.assessment, r.affiliate));
}

/** A manager marks an assessment a false positive; repeating it keeps the first dismissal time. */
export async function dismissAssessment({ ctx, id }: { ctx: ActingCtx; id: string }) {
  wellFormedId(id, () => notFound('risk assessment'));
  const mine = ownRecord(ctx, riskAssessments, id);
  await ctx.db.transaction(async (tx) => {
    const [dismissed] = await tx.update(riskAssessments).set({ dismissedAt: new Date() }).where(and(mine, isNull(riskAssessments.dismissedAt))).returning();
    if (dismissed) await addAuditEntry(tx, ctx, 'risk_assessment.dismissed', { type: 'risk_assessment', id }, { before: { dismissed_at: null }, after: { dismissed_at: dismissed.dismissedAt!.toISOString() } });
  });
  const [row] = await ctx.db
    .select({ assessment: riskAssessments, affiliate: embedded })
    .from(riskAssessments)
    .innerJoin(affiliates, and(eq(affiliates.id, riskAssessments.affiliateId), eq(affiliates.workspaceId, ctx.workspaceId)))
    .where(mine);
  if (!row) throw notFound('risk assessment');
  return presentRiskAssessment(row.assessment, row.affiliate);
}
