import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { presentCommission } from '../../contracts/commission';
import { invalidState, notFound, required, unknownReference } from '../../errors/errors';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { applyContribution, contributionOf } from './engine/rollups';
import { emitEvent } from '../events/emit-event';
import type { Commission } from './read';
import { readSettings } from '../settings/settings';
import { loadRecord, wellFormedId } from '../records';

export type ReviewStatus = 'approved' | 'denied';
export type Review = { status?: ReviewStatus; amount?: number };

// A commission that left the review stage answers 409: paid and reversed ones are history, a
// clawback mirrors a paid commission and is settled by the next payout, and one batched into a
// pending payout is part of an amount already announced to the affiliate.
function assertReviewable(row: Commission) {
  if (row.kind === 'clawback') throw invalidState(`commission ${row.id} is a clawback and cannot be edited`);
  if (row.status === 'paid' || row.status === 'reversed') throw invalidState(`commission ${row.id} is ${row.status}`);
  if (row.payoutId) throw invalidState(`commission ${row.id} is in pending payout ${row.payoutId}`);
}

async function applyReview(tx: Tx, acting: ActingCtx, row: Commission, review: Review): Promise<Commission> {
  const { workspaceId } = acting;
  const set: Partial<typeof commissions.$inferInsert> = {};
  if (review.status !== undefined && review.status !== row.status) set.status = review.status;
  if (review.amount !== undefined && review.amount !== row.amount) set.amount = review.amount;
  // Repeating the current values is a no-op: no write, no event.
  if (Object.keys(set).length === 0) return row;
  // Reports read the daily rollups: a denial or a new amount moves the conversion's commissions there too.
  const ctx = { db: tx, workspaceId };
  // A bounty commission and a recruiter's flat reward have no sale, and neither they nor second-tier
  // lines are in the rollups (rollups.ts; docs/groups-bounties-recruiters.md)
  const [conv] = row.conversionId === null ? [] : await tx.select().from(conversions).where(and(eq(conversions.workspaceId, workspaceId), eq(conversions.id, row.conversionId)));
  const { timezone } = await readSettings(ctx);
  const before = conv ? await contributionOf({ ctx, conv, timeZone: timezone }) : null;
  const [updated] = await tx
    .update(commissions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(commissions.workspaceId, workspaceId), eq(commissions.id, row.id)))
    .returning();
  if (conv) await applyContribution({ ctx, before, after: await contributionOf({ ctx, conv, timeZone: timezone }) });
  await emitEvent({ ctx: { db: tx, workspaceId }, type: 'commission.updated', object: 'commission', record: presentCommission(updated) });
  // A denied earning takes its recruiter's unpaid line on it along (docs/groups-bounties-recruiters.md#recruiters-two-tier).
  if (row.kind === 'earning' && set.status === 'denied' && row.conversionId) {
    const followed = await tx
      .update(commissions)
      .set({ status: 'denied', updatedAt: new Date() })
      .where(and(
        eq(commissions.workspaceId, workspaceId), eq(commissions.conversionId, row.conversionId), eq(commissions.kind, 'recruiter'),
        eq(commissions.recruitId, row.affiliateId), inArray(commissions.status, ['pending', 'approved']), isNull(commissions.payoutId),
      ))
      .returning();
    for (const f of followed) await emitEvent({ ctx: { db: tx, workspaceId }, type: 'commission.updated', object: 'commission', record: presentCommission(f) });
  }
  await addAuditEntryIfChanged(tx, acting, 'commission.updated', { type: 'commission', id: row.id }, presentCommission(row), presentCommission(updated));
  return updated;
}

/** PATCH /v1/commissions/{id}: approve, deny or override the amount of one commission. */
export async function reviewCommission({ ctx, id, review }: { ctx: ActingCtx; id: string; review: Review }) {
  if (review.status === undefined && review.amount === undefined) throw required('status');
  wellFormedId(id, () => notFound('commission'));
  return ctx.db.transaction(async (tx) => {
    // The row lock orders this change against a payout batching the same commission.
    const row = await loadRecord({ ...ctx, db: tx }, commissions, id, () => notFound('commission'), { lock: true });
    assertReviewable(row);
    return applyReview(tx, ctx, row, review);
  });
}

/** POST /v1/commissions/bulk: one status for many commissions, all of them or none. */
export async function reviewCommissions({ ctx, ids, status }: { ctx: ActingCtx; ids: string[]; status: ReviewStatus }) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    // Locked in id order, so two overlapping bulk calls cannot deadlock each other.
    const rows = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.workspaceId, ctx.workspaceId), inArray(commissions.id, unique)))
      .orderBy(asc(commissions.id))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length) throw unknownReference(`ids (${missing.join(', ')})`);
    rows.forEach(assertReviewable);
    const updated = new Map<string, Commission>();
    for (const row of rows) updated.set(row.id, await applyReview(tx, ctx, row, { status }));
    return unique.map((id) => updated.get(id)!);
  });
}
