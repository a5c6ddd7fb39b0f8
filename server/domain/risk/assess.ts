import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { affiliates, riskAssessments } from '@/db/schema';
import { presentRiskAssessment, type RiskEvidence, type RiskSignals } from '../../contracts/risk';
import { addAuditEntry } from '../audit/audit-entries';
import type { Actor, WorkspaceCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { referencedAffiliate } from '../references';
import { toFeatures } from './features';
import { rewriteSummary, type RiskLlmConfig } from './llm-summary';
import { actionFor, flagsOf, levelOf, riskModel, scoreFeatures } from './model';
import { gatherSignals, type AssessedAffiliate } from './signals';
import { plainSummary } from './summary';

// An assessment someone asked for (POST /v1/risk/assessments) is audited under its actor; the
// risk jobs' own runs are the engine's output, recorded as assessments only.
type MaybeActing = WorkspaceCtx & { actor?: Actor };

type Affiliate = typeof affiliates.$inferSelect;

/** The daily run covers affiliates that can still earn; rejected and suspended ones cannot. */
const ASSESSED_STATUSES: Affiliate['status'][] = ['pending', 'active'];

async function judge(signals: RiskSignals, llmConfig: RiskLlmConfig | null) {
  const features = toFeatures(signals);
  const { score, contributions } = scoreFeatures(features);
  const level = levelOf(score);
  const flags = flagsOf(features, signals);
  const action = actionFor(level, flags);
  const draft = plainSummary({ score, level, action, flags, signals });
  const evidence: Omit<RiskEvidence, 'summary_by'> = { ...signals, features, contributions, model_version: riskModel.version };
  // Only assessments a person will read are worth a model call; the LLM never changes the verdict.
  const llm = level === 'low' ? null : llmConfig;
  const rewritten = llm ? await rewriteSummary(llm, draft, evidence) : null;
  return { score, level, flags, action, summary: rewritten ?? draft, evidence: { ...evidence, summary_by: rewritten ? 'llm' : 'rules' } as RiskEvidence };
}

/**
 * Records one assessment (history is kept: a row per run). Nothing about the affiliate changes:
 * the engine only recommends. A high or critical result emits risk.flagged in the same transaction.
 */
async function saveAssessment(ctx: MaybeActing, affiliate: Affiliate, verdict: Awaited<ReturnType<typeof judge>>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(riskAssessments)
      .values({
        workspaceId: ctx.workspaceId,
        affiliateId: affiliate.id,
        score: verdict.score,
        riskLevel: verdict.level,
        recommendedAction: verdict.action,
        flags: verdict.flags,
        summary: verdict.summary,
        evidence: verdict.evidence,
      })
      .returning();
    const record = presentRiskAssessment(row, affiliate);
    if (ctx.actor) await addAuditEntry(tx, { ...ctx, actor: ctx.actor }, 'risk_assessment.created', { type: 'risk_assessment', id: row.id }, { after: record });
    if (verdict.level === 'high' || verdict.level === 'critical') {
      await emitEvent({ ctx: { ...ctx, db: tx }, type: 'risk.flagged', object: 'risk_assessment', record });
    }
    return record;
  });
}

/** How an assessment runs: `llm` (Config.riskLlm) rewrites the summaries a person will read. */
type Run = { llm?: RiskLlmConfig | null; now?: Date };

/** Assesses one affiliate of the workspace now; unknown_resource when it is not one. */
export async function assessAffiliate({ ctx, affiliateId, llm = null, now = new Date() }: { ctx: MaybeActing; affiliateId: string } & Run) {
  const affiliate = await referencedAffiliate(ctx, affiliateId);
  const signals = await gatherSignals({ ctx, now, targets: [affiliate as AssessedAffiliate] });
  return saveAssessment(ctx, affiliate, await judge(signals.get(affiliate.id)!, llm));
}

/**
 * Assesses every pending or active affiliate of the workspace, measuring the workspace once.
 * For the scheduler: daily, and after refunds. Each assessment commits on its own, so one
 * failure loses one row, not the run.
 */
export async function assessWorkspace({ ctx, llm = null, now = new Date() }: { ctx: WorkspaceCtx } & Run) {
  const total = { assessed: 0, flagged: 0 };
  for (let after: string | null = null; ; ) {
    const page = await assessNextAffiliates({ ctx, after, llm, now });
    total.assessed += page.assessed;
    total.flagged += page.flagged;
    if (!page.last) return total;
    after = page.last;
  }
}

/**
 * The workspace's next MAX_ASSESSED_TOGETHER pending or active affiliates after `after` (by id),
 * assessed together: a workspace of any size is measured in pages of bounded id lists and memory.
 * `last` is the page's last id when the page was full (there may be more), else null.
 */
export async function assessNextAffiliates({ ctx, after, llm = null, now = new Date() }: { ctx: WorkspaceCtx; after: string | null } & Run) {
  const targets = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.status, ASSESSED_STATUSES), after ? gt(affiliates.id, after) : undefined))
    .orderBy(asc(affiliates.id))
    .limit(MAX_ASSESSED_TOGETHER);
  const result = await assessTargets(ctx, targets, { llm, now });
  return { ...result, last: targets.length === MAX_ASSESSED_TOGETHER ? targets[targets.length - 1].id : null };
}

/** Most affiliates one re-assessment measures together (bounds its queries' id lists). */
export const MAX_ASSESSED_TOGETHER = 500;

/**
 * Re-assesses these affiliates of the workspace (after refunds or click spikes), measuring the
 * workspace once for all of them as the daily run does: one by one, a refund wave across 200
 * affiliates made 200 passes over the workspace's clicks (49 s on the embedded database, 1.0 s
 * together). Ids of no affiliate of the workspace are skipped.
 */
export async function assessAffiliates({ ctx, affiliateIds, llm = null, now = new Date() }: { ctx: WorkspaceCtx; affiliateIds: string[] } & Run) {
  if (affiliateIds.length > MAX_ASSESSED_TOGETHER) throw new Error(`at most ${MAX_ASSESSED_TOGETHER} affiliates are assessed together`);
  const targets = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, affiliateIds)));
  return assessTargets(ctx, targets, { llm, now });
}

async function assessTargets(ctx: WorkspaceCtx, targets: Affiliate[], { llm = null, now = new Date() }: Run) {
  const signals = await gatherSignals({ ctx, now, targets });
  let flagged = 0;
  for (const affiliate of targets) {
    const result = await saveAssessment(ctx, affiliate, await judge(signals.get(affiliate.id)!, llm));
    if (result.risk_level === 'high' || result.risk_level === 'critical') flagged++;
  }
  return { assessed: targets.length, flagged };
}
