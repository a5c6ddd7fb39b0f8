import { ignored, type Handler } from '../provider';
import { applyRefundTotal, chargeback, isSale, restoreSale, revertRefund, saleOfPayment } from '../reversals';
import { objectsOf, noteObject } from '../payments-noted';
import { adjustmentSchema } from './schemas';

const UNDONE = new Set(['rejected', 'reversed']);

/**
 * adjustment.created|updated: an approved refund raises the transaction's refunded total (the sum
 * of its approved refund adjustments); a refund later rejected or reversed gives its amount
 * back; an approved chargeback claws back, a chargeback reversal restores the sale. Credits
 * (to a customer's balance) and warnings move no money.
 */
export const adjustmentChanged: Handler = async (input) => {
  const { ctx } = input;
  const adj = adjustmentSchema.parse(input.object);
  if (adj.action === 'chargeback_warning') return ignored('inquiry', `${adj.id}: a chargeback warning withdraws no funds`);
  if (!['refund', 'chargeback', 'chargeback_reverse'].includes(adj.action)) return ignored('no_money_back', `${adj.id} is a ${adj.action}`);
  if (adj.status === 'pending_approval') return ignored('pending_approval', `${adj.id} awaits approval`);
  const sale = await saleOfPayment(input, [adj.transaction_id]);
  if (!isSale(sale)) return sale;
  if (adj.action === 'chargeback') return adj.status === 'approved' ? chargeback({ ctx, sale, detail: `${adj.id} chargeback` }) : ignored('not_approved', `${adj.id} is ${adj.status}`);
  if (adj.action === 'chargeback_reverse') return adj.status === 'approved' ? restoreSale(ctx, sale, `${adj.id} reversed the chargeback`) : ignored('not_approved', `${adj.id} is ${adj.status}`);
  const [before] = await objectsOf(ctx, 'adjustment', { ids: [adj.id] });
  await noteObject(ctx, { objectId: adj.id, kind: 'adjustment', target: adj.transaction_id, amount: adj.totals.total, state: adj.status });
  if (UNDONE.has(adj.status)) {
    if (before?.state !== 'approved') return ignored('never_applied', `${adj.id} is ${adj.status} and was never applied`);
    return revertRefund({ ctx, sale, refundId: adj.id, amount: adj.totals.total });
  }
  const approved = await objectsOf(ctx, 'adjustment', { target: adj.transaction_id });
  const total = approved.filter((a) => a.state === 'approved').reduce((s, a) => s + (a.amount ?? 0), 0);
  return applyRefundTotal({ ctx, sale, total, asOf: null });
};
