import { and, asc, count, eq, gt, isNull, min, notExists, or, sql, sum } from 'drizzle-orm';
import { commissions } from '@/db/schema';
import { MAX_COMMISSIONS_PER_BATCH } from '../../contracts/limits';
import { onTestConversion } from '../commissions/read';
import type { WorkspaceCtx } from '../context';
import type { PayoutWaitReason } from '../../model/enums';

export type WaitReason = PayoutWaitReason;
/**
 * Commissions a batch created now would not take yet, per affiliate, currency and reason, with
 * the earliest moment one of them can be paid (null when no hold is left on any).
 */
export type WaitingGroup = { affiliateId: string; currency: string; reason: WaitReason; amount: number; count: number; payableFrom: Date | null };

/**
 * What dueCommissions (plan-payouts.ts) leaves out because it is not due yet: pending earnings
 * (a manager has not approved them) and approved ones still inside their hold period. The same
 * filters otherwise (cash, in no payout, no test sale), so the preview can say of every unpaid
 * commission why it is not in the batch.
 */
export async function waitingCommissions({ ctx, now }: { ctx: WorkspaceCtx; now: Date }): Promise<WaitingGroup[]> {
  const { db: tx, workspaceId } = ctx;
  const reason = sql<WaitReason>`case when ${commissions.status} = 'pending' then 'not_approved' else 'in_hold_period' end`;
  const rows = await tx
    .select({
      affiliateId: commissions.affiliateId,
      currency: commissions.currency,
      reason,
      amount: sum(commissions.amount).mapWith(Number),
      count: count(),
      // A pending commission is payable once approved and past its hold: its hold end is the earliest it can go.
      payableFrom: sql<Date | null>`min(${commissions.holdUntil})`.mapWith((v: unknown) => (v === null ? null : new Date(v as string))),
      first: min(commissions.createdAt),
    })
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, workspaceId),
        isNull(commissions.payoutId),
        eq(commissions.rewardType, 'cash'),
        or(eq(commissions.status, 'pending'), and(eq(commissions.status, 'approved'), gt(commissions.holdUntil, now))),
        notExists(onTestConversion({ db: tx })),
      ),
    )
    .groupBy(commissions.affiliateId, commissions.currency, reason)
    .orderBy(asc(min(commissions.createdAt)))
    .limit(MAX_COMMISSIONS_PER_BATCH);
  return rows.map(({ first: _first, payableFrom, ...r }) => ({ ...r, payableFrom: payableFrom && payableFrom.getTime() > now.getTime() ? payableFrom : null }));
}
