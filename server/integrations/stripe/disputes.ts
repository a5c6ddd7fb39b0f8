import { ignored, type Handler } from '../provider';
import { chargeback, isSale, restoreSale, saleOfPayment } from '../reversals';
import { disputeSchema } from './schemas';

// Inquiries (warning_*) withdraw no funds: nothing to claw back.
const isInquiry = (status: string) => status.startsWith('warning_');

/** charge.dispute.created: the sale becomes a chargeback; its commissions are clawed back. */
export const disputeCreated: Handler = async (input) => {
  const d = disputeSchema.parse(input.object);
  if (isInquiry(d.status)) return ignored('inquiry', `${d.id} is an inquiry (${d.status}): no funds were withdrawn`);
  const sale = await saleOfPayment(input, [d.payment_intent, d.charge]);
  if (!isSale(sale)) return sale;
  return chargeback({ ctx: input.ctx, sale, detail: `${d.id} opened (${d.reason}) for ${d.amount}` });
};

/** charge.dispute.closed: won restores the sale and its commissions; lost leaves the chargeback. */
export const disputeClosed: Handler = async (input) => {
  const d = disputeSchema.parse(input.object);
  if (d.status !== 'won') return ignored('dispute_closed', `${d.id} closed as ${d.status}: the chargeback stands`);
  const sale = await saleOfPayment(input, [d.payment_intent, d.charge]);
  if (!isSale(sale)) return sale;
  return restoreSale(input.ctx, sale, `${d.id} won: the sale counts again`);
};
