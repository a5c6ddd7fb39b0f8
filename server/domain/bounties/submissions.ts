import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bounties, bountySubmissions, commissions } from '@/db/schema';
import { presentBountySubmission, type Bounty, type BountySubmission } from '../../contracts/bounty';
import { invalidState, notFound, required } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { BountyRejectionReason } from '../../model/enums';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, AffiliateCtx, WorkspaceCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { loadRecord } from '../records';
import { readSettings } from '../settings/settings';
import { getBounty } from './bounties';
import { writeBountyCommission } from './earn';
import { bountyWindow, isOpen } from './period';

// Submission bounties (docs/groups-bounties-recruiters.md#bounties): the affiliate sends proof,
// a manager approves it (writing the bounty's commission in the same transaction) or rejects it
// with one of the fixed reasons.

const missingSubmission = () => notFound('bounty submission');

const event = (ctx: WorkspaceCtx, type: 'bounty_submission.created' | 'bounty_submission.approved' | 'bounty_submission.rejected', row: BountySubmission) =>
  emitEvent({ ctx, type, object: 'bounty_submission', record: presentBountySubmission(row) });

/**
 * The signed-in affiliate submits proof for a submission bounty of its workspace. One pending or
 * approved submission per bounty and period: the partial unique index bounty_submissions_live_uq
 * decides between racing submits; after a rejection the affiliate may submit again.
 */
export async function submitProof({
  ctx,
  bountyId,
  proofUrl,
  proofText,
  now = new Date(),
}: {
  ctx: AffiliateCtx & ActingCtx;
  bountyId: string;
  proofUrl?: string;
  proofText?: string;
  now?: Date;
}): Promise<BountySubmission> {
  if (!proofUrl && !proofText) throw required('proof');
  const bounty = await getBounty({ ctx, id: bountyId });
  if (bounty.archived || bounty.type !== 'submission') throw notFound('bounty');
  if (!isOpen(bounty, now)) throw invalidState(`bounty ${bounty.id} is not open for submissions`);
  const { timezone } = await readSettings(ctx);
  const periodKey = bountyWindow(bounty, now, timezone).key;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bountySubmissions)
      .values({ workspaceId: ctx.workspaceId, bountyId: bounty.id, affiliateId: ctx.affiliateId, periodKey, proofUrl: proofUrl ?? null, proofText: proofText ?? null })
      .onConflictDoNothing({ target: [bountySubmissions.bountyId, bountySubmissions.affiliateId, bountySubmissions.periodKey], where: sql`status in ('pending', 'approved')` })
      .returning();
    if (!row) throw invalidState(`a submission for this bounty is already pending or approved for period ${periodKey}`);
    const wctx = { db: tx, workspaceId: ctx.workspaceId };
    await event(wctx, 'bounty_submission.created', row);
    await addAuditEntry(tx, ctx, 'bounty_submission.created', { type: 'bounty_submission', id: row.id }, { after: presentBountySubmission(row) });
    return row;
  });
}

export type SubmissionReview = { status: 'approved' } | { status: 'rejected'; reason?: BountyRejectionReason; note?: string };

/**
 * PATCH /v1/bounty-submissions/{id}: approve (the bounty's commission written in the same
 * transaction) or reject with a reason. Only a pending submission can be reviewed.
 */
export async function reviewSubmission({ ctx, id, review, now = new Date() }: { ctx: ActingCtx; id: string; review: SubmissionReview; now?: Date }) {
  if (review.status === 'rejected' && !review.reason) throw required('rejection_reason');
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const before = await loadRecord(tctx, bountySubmissions, id, missingSubmission, { lock: true });
    if (before.status !== 'pending') throw invalidState(`bounty submission ${before.id} is ${before.status}`);
    const set: Partial<BountySubmission> = { status: review.status, reviewedAt: now, updatedAt: now };
    if (review.status === 'approved') {
      const bounty = await loadRecord(tctx, bounties, before.bountyId, missingSubmission);
      const settings = await readSettings(tctx);
      const commission = await writeBountyCommission(tx, { bounty, affiliateId: before.affiliateId, periodKey: before.periodKey, settings, now });
      if (!commission) throw invalidState(`the bounty was paid to this affiliate for period ${before.periodKey} already`);
      set.commissionId = commission.id;
    } else {
      set.rejectionReason = review.reason!;
      set.reviewNote = review.note ?? null;
    }
    const [row] = await tx
      .update(bountySubmissions)
      .set(set)
      .where(and(eq(bountySubmissions.workspaceId, ctx.workspaceId), eq(bountySubmissions.id, before.id)))
      .returning();
    await event(tctx, review.status === 'approved' ? 'bounty_submission.approved' : 'bounty_submission.rejected', row);
    await addAuditEntry(tx, ctx, `bounty_submission.${review.status}`, { type: 'bounty_submission', id: row.id }, { before: presentBountySubmission(before), after: presentBountySubmission(row) });
    return row;
  });
}

/** GET /v1/bounties/{id}/submissions: newest first, optionally of one status. */
export async function listSubmissions({ ctx, bountyId, status, page }: { ctx: WorkspaceCtx; bountyId: string; status?: BountySubmission['status']; page: Page }) {
  const bounty = await getBounty({ ctx, id: bountyId });
  return ctx.db
    .select()
    .from(bountySubmissions)
    .where(and(eq(bountySubmissions.workspaceId, ctx.workspaceId), eq(bountySubmissions.bountyId, bounty.id), status ? eq(bountySubmissions.status, status) : undefined))
    .orderBy(desc(bountySubmissions.createdAt), desc(bountySubmissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The per-bounty report: its submissions by status, affiliates rewarded, and what it earned per currency. */
export async function bountyReport({ ctx, bounty }: { ctx: WorkspaceCtx; bounty: Bounty }) {
  const counts = await ctx.db
    .select({ status: bountySubmissions.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(bountySubmissions)
    .where(and(eq(bountySubmissions.workspaceId, ctx.workspaceId), eq(bountySubmissions.bountyId, bounty.id)))
    .groupBy(bountySubmissions.status);
  const earnedWhere = and(
    eq(commissions.workspaceId, ctx.workspaceId),
    eq(commissions.bountyId, bounty.id),
    sql`${commissions.kind} = 'bounty'`,
    inArray(commissions.status, ['pending', 'approved', 'paid']),
  );
  const earned = await ctx.db
    .select({ currency: commissions.currency, amount: sql<number>`coalesce(sum(${commissions.amount}), 0)`.mapWith(Number) })
    .from(commissions)
    .where(earnedWhere)
    .groupBy(commissions.currency)
    .orderBy(commissions.currency);
  const [{ rewarded }] = await ctx.db
    .select({ rewarded: sql<number>`count(distinct ${commissions.affiliateId})`.mapWith(Number) })
    .from(commissions)
    .where(earnedWhere);
  const of = (s: BountySubmission['status']) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    submissions: { pending: of('pending'), approved: of('approved'), rejected: of('rejected') },
    affiliates_rewarded: rewarded,
    earned,
  };
}
