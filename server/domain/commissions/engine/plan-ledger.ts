import type { conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import type { Commission } from '../read';
import type { Settings } from '../../settings/settings';
import { computeEarning, type Earning } from './compute';
import { paymentHistory, type PaymentHistory } from './history';
import { newId } from '../../../lib/ids';
import { proRata } from '../../../model/money';
import { isVoidCommission, REVERSAL_STATES } from './states';
import type { UnpaidCommissionStatus } from '../../../model/enums';
import { recruiterOf, recruiterShare } from '../../recruiters/terms';

type Conv = typeof conversions.$inferSelect;
/** The columns the ledger rule changes on an existing commission. */
export type CommissionSet = Partial<Pick<Commission, 'amount' | 'status' | 'restoreStatus'>>;
/**
 * What the ledger rule asks for, not yet written: rows to create (complete), changes to existing
 * rows (`row` is the row after the change), and the earning computed for a new (or, on a test
 * sale, quoted) commission.
 */
export type LedgerPlan = { created: Commission[]; updates: { row: Commission; set: CommissionSet }[]; earning: Earning | null };

const DAY_MS = 86_400_000;
// A commission already batched into a pending payout is as good as paid: edits go to clawbacks.
const editable = (c: Commission) => (c.status === 'pending' || c.status === 'approved') && !c.payoutId;
const settled = (c: Commission) => c.status === 'paid' || ((c.status === 'pending' || c.status === 'approved') && !!c.payoutId);
// Only the attributed affiliate of a live, real sale earns.
const earnerOf = (conv: Conv) => (conv.type === 'sale' && !conv.isTest && !REVERSAL_STATES.has(conv.status) ? conv.affiliateId : null);

/**
 * What a conversion without commissions earns: the earning (also quoted for a test sale) and, when
 * a live sale's attributed affiliate earns something, its commission row, complete but not stored.
 */
async function newEarning({ ctx, conv, settings, history: known }: { ctx: WorkspaceCtx; conv: Conv; settings: Settings; history?: PaymentHistory }): Promise<{ earning: Earning; row: Commission | null }> {
  const history = known ?? (await paymentHistory({ ctx, sale: conv }));
  const earner = earnerOf(conv);
  // the earner's group at this moment decides among group rules (docs/groups-bounties-recruiters.md#group-commission-rules)
  const earning = await computeEarning({ ctx, settings, campaignId: conv.campaignId, sale: { ...conv, ...history }, affiliateId: conv.affiliateId });
  if (!earner || earning.amount <= 0) return { earning, row: null };
  const now = new Date();
  const row: Commission = {
    id: newId(), workspaceId: ctx.workspaceId, affiliateId: earner, conversionId: conv.id, ruleId: earning.rule?.id ?? null,
    amount: proRata(earning.amount, conv.amount - conv.refundedAmount, conv.amount), computedAmount: earning.amount,
    currency: earning.currency, status: settings.autoApproveCommissions && conv.status === 'confirmed' ? 'approved' : 'pending',
    kind: 'earning', reversesCommissionId: null, restoreStatus: null, rewardType: earning.rule?.rewardType ?? 'cash',
    periodIndex: history.periodIndex, payoutId: null, holdUntil: new Date(conv.ts.getTime() + settings.holdDays * DAY_MS),
    bountyId: null, periodKey: null, recruitId: null, createdAt: now, updatedAt: now,
  };
  return { earning, row };
}

/**
 * The second-tier line of a new earning `row` (docs/groups-bounties-recruiters.md#recruiters-two-tier):
 * what the earner's recruiter earns on it under its group's terms now, or null. Only the direct
 * recruiter: the line is never itself an earning that a recruiter's recruiter could share.
 * Costs no statement in a workspace without recruiter terms (recruiterOf).
 */
async function recruiterLine({ ctx, conv, settings, earning, row }: { ctx: WorkspaceCtx; conv: Conv; settings: Settings; earning: Earning; row: Commission }): Promise<Commission | null> {
  const terms = await recruiterOf(ctx, settings.rulesVersion, row.affiliateId);
  if (!terms || terms.recruiterId === row.affiliateId) return null;
  const share = recruiterShare(terms, {
    commission: row.computedAmount, commissionCurrency: row.currency, basis: earning.revenue?.basis ?? conv.amount, saleCurrency: conv.currency, ts: conv.ts,
  });
  if (!share || share.amount <= 0) return null;
  return {
    ...row, id: newId(), affiliateId: terms.recruiterId, ruleId: null, kind: 'recruiter', recruitId: row.affiliateId,
    amount: proRata(share.amount, conv.amount - conv.refundedAmount, conv.amount), computedAmount: share.amount, currency: share.currency, rewardType: 'cash',
  };
}

/**
 * The ledger rule (docs/commissions.md#the-ledger-rule), applied to a conversion's current state and its commission
 * `rows`. Only the attributed affiliate of a live sale earns, pro rata to what is not refunded.
 * Unpaid commissions of anyone else become `reversed` (and come back as they were when the
 * conversion does); a paid one is never edited: a clawback row carries the difference, which the
 * next payout nets. So each affiliate's live rows always sum to what the rules give for the net
 * state, whatever order calls arrive in. Reads (rules, history unless given) but writes nothing.
 */
export async function planLedger(
  { ctx, conv, settings, rows, history }: { ctx: WorkspaceCtx; conv: Conv; settings: Settings; rows: Commission[]; history?: PaymentHistory },
): Promise<LedgerPlan> {
  const plan: LedgerPlan = { created: [], updates: [], earning: null };
  const net = conv.amount - conv.refundedAmount;
  const earner = earnerOf(conv);
  const earnings = rows.filter((r) => r.kind === 'earning');
  const recruiterLines = rows.filter((r) => r.kind === 'recruiter');
  const now = new Date();

  // A test sale earns nothing, but its receipt shows what it would have earned.
  if ((earner && !earnings.some((e) => e.affiliateId === earner)) || (conv.isTest && conv.type === 'sale')) {
    const { earning, row } = await newEarning({ ctx, conv, settings, history });
    plan.earning = earning;
    if (row) plan.created.push(row);
    const line = row && (await recruiterLine({ ctx, conv, settings, earning, row }));
    if (line) plan.created.push(line);
  }

  const earned = (e: Commission) => (e.affiliateId === earner ? proRata(e.computedAmount, net, conv.amount) : 0);
  // A recruiter line follows its recruit's earning on this conversion: pro rata while it earns,
  // nothing (reversed, or clawed back if paid) when it does not.
  const followed = (r: Commission) => earnings.find((e) => e.affiliateId === r.recruitId);
  const desiredOf = (c: Commission) => {
    if (c.kind === 'earning') return earned(c);
    const e = followed(c);
    return e && earned(e) > 0 ? proRata(c.computedAmount, net, conv.amount) : 0;
  };
  for (const e of [...earnings, ...recruiterLines]) {
    const desired = desiredOf(e);
    let set: CommissionSet | null = null;
    if (editable(e)) {
      if (desired === 0) set = { status: 'reversed', restoreStatus: e.status as UnpaidCommissionStatus };
      else if (desired !== e.amount) set = { amount: desired };
    } else if (e.status === 'reversed' && desired > 0) {
      set = { status: e.restoreStatus ?? 'pending', restoreStatus: null, amount: desired };
    } else if (settled(e)) {
      const clawed = rows
        .filter((r) => r.kind === 'clawback' && r.reversesCommissionId === e.id && !isVoidCommission(r.status))
        .reduce((s, r) => s + r.amount, 0);
      const delta = desired - (e.amount + clawed);
      if (delta !== 0) {
        plan.created.push({
          id: newId(), workspaceId: ctx.workspaceId, affiliateId: e.affiliateId, conversionId: conv.id, ruleId: e.ruleId,
          amount: delta, computedAmount: delta, currency: e.currency, status: 'approved', kind: 'clawback', reversesCommissionId: e.id,
          restoreStatus: null, rewardType: e.rewardType, periodIndex: e.periodIndex, payoutId: null, holdUntil: null, bountyId: null, periodKey: null, recruitId: e.recruitId, createdAt: now, updatedAt: now,
        });
      }
    }
    if (set) plan.updates.push({ row: { ...e, ...set, updatedAt: now }, set });
  }
  return plan;
}
