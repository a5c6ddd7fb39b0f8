import type { Handler } from '../provider';
import { applyRefundTotal, isSale, revertRefund, saleOfPayment } from '../reversals';
import { chargeSchema, refundSchema } from './schemas';

/** charge.refunded: Stripe's running amount_refunded of the charge, applied to its sale. */
export const chargeRefunded: Handler = async (input) => {
  const charge = chargeSchema.parse(input.object);
  const sale = await saleOfPayment(input, [charge.invoice, charge.payment_intent, charge.id]);
  if (!isSale(sale)) return sale;
  return applyRefundTotal({ ctx: input.ctx, sale, total: charge.amount_refunded, asOf: input.event.occurredAt });
};

const FAILED = new Set(['failed', 'canceled']);

/**
 * refund.updated: a refund that failed or was canceled gives its amount back (the sale's refund
 * is lowered once); one that went through raises the total to at least its own amount, for
 * endpoints not subscribed to charge.refunded.
 */
export const refundUpdated: Handler = async (input) => {
  const refund = refundSchema.parse(input.object);
  const sale = await saleOfPayment(input, [refund.payment_intent, refund.charge]);
  if (!isSale(sale)) return sale;
  if (refund.status && FAILED.has(refund.status)) return revertRefund({ ctx: input.ctx, sale, refundId: refund.id, amount: refund.amount });
  return applyRefundTotal({ ctx: input.ctx, sale, total: refund.amount, asOf: null });
};
