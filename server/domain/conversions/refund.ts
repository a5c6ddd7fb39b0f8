import { conversionFailed, notFound } from '../../errors/errors';
import { presentConversionDetail } from '../../contracts/conversion';
import { diff, addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { moneyEvents } from '../commissions/engine/events';
import { planLedger } from '../commissions/engine/plan-ledger';
import { ledgerAfter, ledgerOf } from '../commissions/engine/reconcile';
import { REVERSAL_STATES } from '../commissions/engine/states';
import { contributionDeltas, contributionOf } from '../commissions/engine/rollups';
import { eventRows } from '../events/emit-event';
import { readSettings, type Settings } from '../settings/settings';
import { conversionByExternalId, conversionById, type Conversion } from './find';
import { wellFormedId } from '../records';
import { refundStateByExternalId, type RefundState } from '../../store/refund-read';
import { writeRefund } from '../../store/refund-write';

/** `amount` is the total refunded so far, in minor units; absent means the whole sale. */
export type Refund = { amount?: number | null; reason?: 'refund' | 'chargeback' | null };

/**
 * POST /v1/track/refund. `amount` is the total refunded so far (as payment providers report it),
 * so repeating a call changes nothing: idempotent on external_id. Below the sale's amount the
 * status stays and commissions shrink pro rata; at or above it, or without an amount, the
 * conversion is refunded; reason chargeback makes it a chargeback. Under `underKey`, a workspace key
 * presumed valid (presumeWorkspaceKey), the first statement checks it (`unauthorized` if refused).
 */
export async function recordRefund({ ctx, input, underKey = null }: { ctx: WorkspaceCtx; input: Refund & { externalId: string }; underKey?: string | null }) {
  const { state: read, settings } = await refundStateByExternalId({ ctx, externalId: input.externalId, underKey });
  if (!read) throw conversionFailed('no conversion has this external_id');
  // Without a lock first: two round trips and no transaction held open across them. The write
  // lands only if nothing changed the sale since the read; if something did, again under its lock.
  if (await applyRefund(ctx, read, input, settings)) return { ok: true, conversion_id: read.conv.id };
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await conversionByExternalId({ ctx: tx, externalId: input.externalId, lock: true });
    if (!conv) throw conversionFailed('no conversion has this external_id');
    await applyRefund(tx, await lockedState(tx, conv), input, settings);
    return { ok: true, conversion_id: conv.id };
  });
}

/**
 * POST /v1/conversions/{id}/refund: the same refund, addressed by id by a manager rather than
 * reported by a payment provider. A provider's total may overshoot (fees, rounding) and is
 * clamped; a person asking for more than the sale, or to refund a lead (no payment), has made a
 * mistake that must not pass silently, so both are conversion_failed and change nothing.
 */
export async function refundConversionById({ ctx, id, input }: { ctx: ActingCtx; id: string; input: Refund }): Promise<Conversion> {
  wellFormedId(id, () => notFound('conversion'));
  const settings = await readSettings(ctx);
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await conversionById({ ctx: tx, id, lock: true });
    if (!conv) throw notFound('conversion');
    if (conv.type === 'lead') throw conversionFailed('a lead has no payment to refund; change its status instead');
    if (input.amount != null && input.amount > conv.amount) {
      throw conversionFailed(`amount ${input.amount} is above the sale's ${conv.amount} (amount is the total refunded so far)`);
    }
    const row = (await applyRefund(tx, await lockedState(tx, conv), input, settings))!;
    const changes = diff(presentConversionDetail(conv), presentConversionDetail(row));
    if (changes) await addAuditEntry(db, ctx, 'conversion.refunded', { type: 'conversion', id }, { ...changes, reason: input.reason ?? 'refund' });
    return row;
  });
}

/** A sale the caller's transaction has locked, with its ledger read after the lock. */
const lockedState = async (ctx: WorkspaceCtx, conv: Conversion): Promise<RefundState> => ({ conv, ledger: await ledgerOf({ ctx, conversionId: conv.id }), version: null });

/**
 * The refund rule (docs/commissions.md#refunds-clawbacks-and-chargebacks), pure: the sale after a refund of `input`,
 * or the sale itself when the refund changes nothing. A full refund (no amount, or at least the
 * sale's) refunds it; a chargeback is a chargeback whatever was refunded before; a sale already
 * reversed keeps its reversal status unless this call is a chargeback; the refunded amount only
 * grows.
 */
export function afterRefund(conv: Conversion, input: Refund): Conversion {
  const full = input.amount === undefined || input.amount === null || input.amount >= conv.amount;
  const status = input.reason === 'chargeback' ? 'chargeback' : full && !REVERSAL_STATES.has(conv.status) ? 'refunded' : conv.status;
  const refundedAmount = full || input.reason === 'chargeback' ? conv.amount : Math.max(conv.refundedAmount, input.amount!);
  if (status === conv.status && refundedAmount === conv.refundedAmount) return conv;
  return { ...conv, status, refundedAmount, updatedAt: new Date() };
}

// A refund's steps on a sale read with its ledger: locked by the caller's transaction (version
// null), or not, and then written only if the sale is still at `version`. Undefined: the sale
// changed since it was read; nothing was written.
async function applyRefund(ctx: WorkspaceCtx, { conv, ledger: rows, version }: RefundState, input: Refund, settings: Settings): Promise<Conversion | undefined> {
  // 1. the sale after the refund; nothing changes: nothing to write
  const row = afterRefund(conv, input);
  if (row === conv) return conv;
  // 2. the ledger rule on it, and what the change moves in the rollups (the ledger is read once: both use it)
  const ledger = await planLedger({ ctx, conv: row, settings, rows });
  const change = { created: ledger.created, updated: ledger.updates.map((u) => u.row) };
  const before = await contributionOf({ ctx, conv, timeZone: settings.timezone, ledger: rows });
  const after = await contributionOf({ ctx, conv: row, timeZone: settings.timezone, ledger: ledgerAfter(rows, change) });
  // 3. every change in one grouped statement (server/store/refund-write.ts)
  const written = await writeRefund(ctx.db, {
    conversion: row,
    version,
    ledger,
    events: eventRows(ctx.workspaceId, moneyEvents({ row, type: 'conversion.updated' }, change)),
    deltas: contributionDeltas({ workspaceId: ctx.workspaceId, before, after }),
  });
  return written ? row : undefined;
}
