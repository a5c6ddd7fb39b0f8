import { conversionById } from '../domain/conversions/find';
import { recordRefund } from '../domain/conversions/refund';
import { updateConversion } from '../domain/conversions/update';
import { proRata } from '../model/money';
import { readSettings } from '../domain/settings/settings';
import { formatMoney } from '../model/money';
import { applied, ignored, Waiting, type HandlerInput, type Outcome } from './provider';
import { findSale, updateSale, type Sale } from './payments-noted';

const DAY_MS = 86_400_000;

/**
 * The attributed sale a refund or dispute is about, by the payment's ids. Not known yet: the sale
 * may still be on its way (reordered delivery), so wait; on the last try, give up with a reason.
 */
export async function saleOfPayment({ ctx, final }: HandlerInput, refs: (string | null | undefined)[]): Promise<Sale | Outcome> {
  const sale = await findSale(ctx, refs);
  if (!sale) {
    const ids = refs.filter(Boolean).join(', ');
    if (!final) throw new Waiting(`the sale paid by ${ids}`);
    return ignored('no_sale', `no sale of this workspace was paid by ${ids}`);
  }
  if (!sale.conversionId) return ignored('not_attributed', 'its sale was not attributed to an affiliate', null);
  return sale;
}

export const isSale = (s: Sale | Outcome): s is Sale => 'saleRef' in s;

/**
 * Applies the provider's running refunded total (in what it charged) to the sale's conversion,
 * through the refund domain function of POST /v1/track/refund: pro rata below the charge, a
 * full refund at or above it. `asOf` is when the provider stated that total; a total older than
 * one already applied changes nothing. Without `asOf` the total is only a lower bound (one
 * refund's own amount) and can only raise what is known.
 */
export async function applyRefundTotal({ ctx, sale, total, asOf }: { ctx: HandlerInput['ctx']; sale: Sale; total: number; asOf: Date | null }): Promise<Outcome> {
  if (asOf && sale.refundsAsOf && asOf < sale.refundsAsOf) return ignored('superseded', 'a newer refund total was applied already', sale.conversionId);
  const updated = asOf
    ? await updateSale(ctx, sale, { refundedAmount: total, refundsAsOf: asOf })
    : await updateSale(ctx, sale, { refundedAmount: Math.max(sale.refundedAmount, total) });
  return refundConversionOf(ctx, updated);
}

async function refundConversionOf(ctx: HandlerInput['ctx'], sale: Sale): Promise<Outcome> {
  const conv = (await conversionById({ ctx, id: sale.conversionId! }))!;
  const total = sale.refundedAmount;
  if (total <= 0) return ignored('nothing_refunded', 'the refunded total is zero', conv.id);
  const full = total >= sale.chargedAmount;
  const amount = full ? null : proRata(conv.amount, total, sale.chargedAmount);
  if (amount !== null && amount < conv.refundedAmount) {
    return ignored('refund_not_lowered', `the provider's total (${formatMoney(amount, conv.currency)}) is below the ${formatMoney(conv.refundedAmount, conv.currency)} already refunded; a refund is only ever raised`, conv.id);
  }
  await recordRefund({ ctx, input: { externalId: sale.saleRef, amount } });
  const detail = `${formatMoney(total, conv.currency)} of ${formatMoney(sale.chargedAmount, conv.currency)} refunded${full ? ' (in full)' : ` (the conversion's refund: ${formatMoney(amount!, conv.currency)})`}`;
  return applied(full ? 'refunded_in_full' : 'refund_applied', detail, conv.id);
}

/**
 * A refund the provider reports as failed or canceled: the money went back to the merchant.
 * Taken off the running total once per refund; a fully refunded sale is restored and what is
 * still refunded applied again.
 */
export async function revertRefund({ ctx, sale, refundId, amount }: { ctx: HandlerInput['ctx']; sale: Sale; refundId: string; amount: number }): Promise<Outcome> {
  if (sale.revertedRefunds.includes(refundId)) return ignored('already_reverted', `${refundId} was taken back already`, sale.conversionId);
  const updated = await updateSale(ctx, sale, { refundedAmount: Math.max(0, sale.refundedAmount - amount), revertedRefunds: [...sale.revertedRefunds, refundId] });
  const conv = (await conversionById({ ctx, id: sale.conversionId! }))!;
  if (conv.status !== 'refunded') {
    return ignored('refund_not_lowered', `${refundId} failed; a partial refund already applied stays (a refund is only ever raised)`, conv.id);
  }
  await restore(ctx, conv.id, conv.ts);
  if (updated.refundedAmount > 0) await refundConversionOf(ctx, updated);
  return applied('refund_reverted', `${refundId} failed: ${formatMoney(updated.refundedAmount, conv.currency)} of ${formatMoney(sale.chargedAmount, conv.currency)} still refunded`, conv.id);
}

/** A dispute opened: the sale becomes a chargeback and its commissions are clawed back. */
export async function chargeback({ ctx, sale, detail }: { ctx: HandlerInput['ctx']; sale: Sale; detail: string }): Promise<Outcome> {
  await recordRefund({ ctx, input: { externalId: sale.saleRef, reason: 'chargeback' } });
  return applied('chargeback', detail, sale.conversionId);
}

/** A dispute won: the sale counts again (less what was refunded), and so do its commissions. */
export async function restoreSale(ctx: HandlerInput['ctx'], sale: Sale, detail: string): Promise<Outcome> {
  const conv = (await conversionById({ ctx, id: sale.conversionId! }))!;
  if (conv.status !== 'chargeback') return ignored('not_a_chargeback', `the conversion is ${conv.status}`, conv.id);
  await restore(ctx, conv.id, conv.ts);
  if (sale.refundedAmount > 0) await refundConversionOf(ctx, sale);
  return applied('sale_restored', detail, conv.id);
}

// Back to where the hold period puts it: pending while it lasts, then confirmed.
async function restore(ctx: HandlerInput['ctx'], id: string, ts: Date) {
  const { holdDays } = await readSettings(ctx);
  const status = ts.getTime() + holdDays * DAY_MS <= Date.now() ? 'confirmed' : 'pending';
  await updateConversion({ ctx, id, patch: { status } });
}
