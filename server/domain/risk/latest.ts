import { and, desc, eq } from 'drizzle-orm';
import { riskAssessments } from '@/db/schema';
import type { WorkspaceCtx } from '../context';

/**
 * Each affiliate's newest assessment in the workspace (ties broken by id), as a subquery named
 * `latest`. GET /v1/risk/flags and the dashboard's attention counts both read "current risk"
 * through it, so a dismissed newest assessment hides the affiliate in both, never an older alarm.
 */
export const latestAssessments = (ctx: WorkspaceCtx, affiliateId?: string) =>
  ctx.db
    .selectDistinctOn([riskAssessments.affiliateId])
    .from(riskAssessments)
    .where(and(eq(riskAssessments.workspaceId, ctx.workspaceId), affiliateId ? eq(riskAssessments.affiliateId, affiliateId) : undefined))
    .orderBy(riskAssessments.affiliateId, desc(riskAssessments.createdAt), desc(riskAssessments.id))
    .as('latest');
