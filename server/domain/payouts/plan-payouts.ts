import { and, asc, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { affiliatePayoutMethods, affiliates, commissions } from '@/db/schema';
import { MAX_COMMISSIONS_PER_BATCH } from '../../contracts/limits';
import { onTestConversion } from '../commissions/read';
import type { WorkspaceCtx } from '../context';
import type { PayoutSkipReason } from '../../model/enums';

// The one selection behind POST /v1/payouts and GET /v1/payouts/preview: what is due, how it
// groups, and which groups are paid. The preview is exact only because both run this code.

export type DueCommission = { id: string; affiliateId: string; currency: string; amount: number; createdAt: Date; held: boolean; methodReady: boolean };
export type PayoutGroup = { affiliateId: string; currency: string; amount: number; commissionIds: string[] };
export type SkipReason = PayoutSkipReason;
export type PayoutPlan = { payouts: PayoutGroup[]; skipped: (PayoutGroup & { reason: SkipReason })[] };
/**
 * The tax-form gate (server/domain/tax-forms/tax-gate.ts), null when the workspace does not
 * require forms: an affiliate without one is paid while this year's payouts in the workspace
 * currency plus this one stay at or under the threshold; another currency needs a form.
 */
export type TaxGate = { threshold: number; currency: string; withForm: Set<string>; paidThisYear: Map<string, number> };

const overTaxThreshold = (gate: TaxGate | null, g: PayoutGroup) =>
  gate !== null &&
  !gate.withForm.has(g.affiliateId) &&
  (g.currency !== gate.currency || (gate.paidThisYear.get(g.affiliateId) ?? 0) + g.amount > gate.threshold);

/**
 * Approved cash commissions past their hold and in no payout, oldest first; test sales never pay.
 * `held` is the affiliate's commission hold, read in the same statement as the commissions;
 * `methodReady`: its payout method can be paid (methods.ts: no method, or manual, is ready).
 * With `lock` the commission rows are locked too (a batch): a review of one of them waits for the
 * batch, then sees payout_id. They are locked in id order, the order every multi-row lock on
 * commissions uses, so none can deadlock; affiliates are read, not locked.
 */
export async function dueCommissions({ ctx, now, lock }: { ctx: WorkspaceCtx; now: Date; lock: boolean }): Promise<DueCommission[]> {
  const { db: tx, workspaceId } = ctx;
  const query = tx
    .select({
      id: commissions.id,
      affiliateId: commissions.affiliateId,
      currency: commissions.currency,
      amount: commissions.amount,
      createdAt: commissions.createdAt,
      held: sql<boolean>`${affiliates.commissionsHeldAt} is not null`.mapWith(Boolean),
      methodReady: sql<boolean>`(${affiliatePayoutMethods.id} is null or ${affiliatePayoutMethods.kind} = 'manual' or ${affiliatePayoutMethods.state} = 'ready')`.mapWith(Boolean),
    })
    .from(commissions)
    .leftJoin(affiliates, and(eq(affiliates.workspaceId, commissions.workspaceId), eq(affiliates.id, commissions.affiliateId)))
    .leftJoin(affiliatePayoutMethods, and(eq(affiliatePayoutMethods.workspaceId, commissions.workspaceId), eq(affiliatePayoutMethods.affiliateId, commissions.affiliateId)))
    .where(
      and(
        eq(commissions.workspaceId, workspaceId),
        eq(commissions.status, 'approved'),
        isNull(commissions.payoutId),
        eq(commissions.rewardType, 'cash'),
        or(isNull(commissions.holdUntil), lte(commissions.holdUntil, now)),
        notExists(onTestConversion({ db: tx })),
      ),
    )
    .orderBy(asc(commissions.id))
    // The oldest by id (uuid v7 is time-ordered): neither the locks a batch takes nor its answer
    // grow without bound; the next batch pays the rest.
    .limit(MAX_COMMISSIONS_PER_BATCH);
  const rows = lock ? await query.for('update', { of: commissions }) : await query;
  // Oldest first; the sort is stable, so equal times keep the query's id order.
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * One group per (affiliate, currency), in the order of each group's oldest commission. A group is
 * paid when its affiliate is not held and its net is positive and at least min_payout; skipped
 * groups keep their commissions approved and unclaimed for a later batch.
 */
export function planPayouts(due: DueCommission[], minPayout: number, taxGate: TaxGate | null = null): PayoutPlan {
  const groups = new Map<string, PayoutGroup & { held: boolean; methodReady: boolean }>();
  for (const c of due) {
    const key = `${c.affiliateId}:${c.currency}`;
    const group = groups.get(key) ?? { affiliateId: c.affiliateId, currency: c.currency, amount: 0, commissionIds: [], held: c.held, methodReady: c.methodReady };
    group.commissionIds.push(c.id);
    // Clawbacks are negative: netting them here is how the next payout deducts them.
    group.amount += c.amount;
    groups.set(key, group);
  }
  const plan: PayoutPlan = { payouts: [], skipped: [] };
  for (const { held, methodReady, ...group } of groups.values()) {
    // A manager's hold comes first: it says why this affiliate is not paid whatever the amount;
    // then a method that cannot be paid yet (docs/paying-affiliates.md#payout-methods).
    const reason: SkipReason | null = held
      ? 'commissions_held'
      : !methodReady
        ? 'no_payout_method'
        : group.amount <= 0
          ? 'net_not_positive'
          : group.amount < minPayout
            ? 'below_min_payout'
            : overTaxThreshold(taxGate, group)
              ? 'tax_form_required'
              : null;
    if (reason) plan.skipped.push({ ...group, reason });
    else plan.payouts.push(group);
  }
  return plan;
}
