import { and, eq } from 'drizzle-orm';
import { commissions, conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import type { Settings } from '../../settings/settings';
import { computeEarning, type Earning } from './compute';
import { paymentHistory } from './history';
import { newId } from '../../../lib/ids';
import { proRata } from '../../../model/money';
import { REVERSAL_STATES } from './states';
import type { UnpaidCommissionStatus } from '../../../model/enums';

type Conv = typeof conversions.$inferSelect;
export type Commission = typeof commissions.$inferSelect;
/** What reconcileLedger did, and the earning it computed for a new (or, on a test sale, quoted) commission. */
export type LedgerChange = { created: Commission[]; updated: Commission[]; earning: Earning | null };

const DAY_MS = 86_400_000;
// A commission already batched into a pending payout is as good as paid: edits go to clawbacks.
const editable = (c: Commission) => (c.status === 'pending' || c.status === 'approved') && !c.payoutId;
const settled = (c: Commission) => c.status === 'paid' || ((c.status === 'pending' || c.status === 'approved') && !!c.payoutId);

/** Every commission row of a conversion: earnings and clawbacks, live or not. */
export const ledgerOf = ({ ctx, conversionId }: { ctx: WorkspaceCtx; conversionId: string }): Promise<Commission[]> =>
  ctx.db.select().from(commissions).where(and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.conversionId, conversionId)));

/** The ledger after `change`: rows it updated replaced by their latest version, rows it created added. */
export const ledgerAfter = (rows: Commission[], change: Pick<LedgerChange, 'created' | 'updated'>): Commission[] => [
  ...rows.map((r) => change.updated.findLast((u) => u.id === r.id) ?? r),
  ...change.created,
];

// Only the attributed affiliate of a live, real sale earns.
const earnerOf = (conv: Conv) => (conv.type === 'sale' && !conv.isTest && !REVERSAL_STATES.has(conv.status) ? conv.affiliateId : null);

/**
 * What a conversion without commissions earns: the earning (also quoted for a test sale) and, when
 * a live sale's attributed affiliate earns something, its commission row, complete but not stored.
 */
export async function newEarning({ ctx, conv, settings }: { ctx: WorkspaceCtx; conv: Conv; settings: Settings }): Promise<{ earning: Earning; row: Commission | null }> {
  const history = await paymentHistory({ ctx, conv });
  const earning = await computeEarning({ ctx, settings, campaignId: conv.campaignId, sale: { ...conv, ...history } });
  const earner = earnerOf(conv);
  if (!earner || earning.amount <= 0) return { earning, row: null };
  const now = new Date();
  const row: Commission = {
    id: newId(), workspaceId: ctx.workspaceId, affiliateId: earner, conversionId: conv.id, ruleId: earning.rule?.id ?? null,
    amount: proRata(earning.amount, conv.amount - conv.refundedAmount, conv.amount), computedAmount: earning.amount,
    currency: earning.currency, status: settings.autoApproveCommissions && conv.status === 'confirmed' ? 'approved' : 'pending',
    kind: 'earning', reversesCommissionId: null, restoreStatus: null, rewardType: earning.rule?.rewardType ?? 'cash',
    periodIndex: history.periodIndex, payoutId: null, holdUntil: new Date(conv.ts.getTime() + settings.holdDays * DAY_MS),
    createdAt: now, updatedAt: now,
  };
  return { earning, row };
}

/**
 * Brings a conversion's commissions in line with its current state; the ledger rule of
 * decisions.md §4. Only the attributed affiliate of a live sale earns, pro rata to what is not
 * refunded. Unpaid commissions of anyone else become `reversed` (and come back as they were when
 * the conversion does); a paid one is never edited: a clawback row carries the difference, which
 * the next payout nets. So each affiliate's live rows always sum to what the rules give for the
 * net state, whatever order calls arrive in. Runs inside the caller's transaction.
 */
export async function reconcileLedger(
  { ctx, conv, settings, rows: given }: { ctx: WorkspaceCtx; conv: Conv; settings: Settings; rows?: Commission[] },
): Promise<LedgerChange> {
  // `rows`: the conversion's ledger as this transaction already read it (ledgerOf), after the lock
  const rows = given ?? (await ledgerOf({ ctx, conversionId: conv.id }));
  const change: LedgerChange = { created: [], updated: [], earning: null };
  const net = conv.amount - conv.refundedAmount;
  const earner = earnerOf(conv);
  const earnings = rows.filter((r) => r.kind === 'earning');

  // A test sale earns nothing, but its receipt shows what it would have earned.
  if ((earner && !earnings.some((e) => e.affiliateId === earner)) || (conv.isTest && conv.type === 'sale')) {
    const { earning, row } = await newEarning({ ctx, conv, settings });
    change.earning = earning;
    if (row) {
      const [stored] = await ctx.db.insert(commissions).values(row).onConflictDoNothing().returning();
      if (stored) change.created.push(stored);
    }
  }

  for (const e of earnings) {
    const desired = e.affiliateId === earner ? proRata(e.computedAmount, net, conv.amount) : 0;
    let set: Partial<Commission> | null = null;
    if (editable(e)) {
      if (desired === 0) set = { status: 'reversed', restoreStatus: e.status as UnpaidCommissionStatus };
      else if (desired !== e.amount) set = { amount: desired };
    } else if (e.status === 'reversed' && desired > 0) {
      set = { status: e.restoreStatus ?? 'pending', restoreStatus: null, amount: desired };
    } else if (settled(e)) {
      const clawed = rows
        .filter((r) => r.kind === 'clawback' && r.reversesCommissionId === e.id && r.status !== 'reversed' && r.status !== 'denied')
        .reduce((s, r) => s + r.amount, 0);
      const delta = desired - (e.amount + clawed);
      if (delta !== 0) {
        const [claw] = await ctx.db
          .insert(commissions)
          .values({
            workspaceId: ctx.workspaceId, affiliateId: e.affiliateId, conversionId: conv.id, ruleId: e.ruleId,
            amount: delta, computedAmount: delta, currency: e.currency, status: 'approved', kind: 'clawback',
            reversesCommissionId: e.id, rewardType: e.rewardType, periodIndex: e.periodIndex,
          })
          .returning();
        change.created.push(claw);
      }
    }
    if (set) {
      const [row] = await ctx.db.update(commissions).set({ ...set, updatedAt: new Date() }).where(eq(commissions.id, e.id)).returning();
      change.updated.push(row);
    }
  }
  return change;
}
