import { applied, type Handler } from '../provider';
import { noteObject } from '../payments-noted';
import { invoicePaymentSchema } from './schemas';

/**
 * invoice_payment.paid: which payment intent and charge paid which invoice. Newer API versions
 * say so only here (a charge no longer names its invoice), and refunds and disputes need it.
 */
export const invoicePaymentPaid: Handler = async ({ ctx, object }) => {
  const p = invoicePaymentSchema.parse(object);
  const ids = [p.payment.payment_intent, p.payment.charge].filter((id): id is string => !!id);
  if (!p.invoice || !ids.length) return applied('payment_noted', 'nothing to link');
  for (const id of ids) await noteObject(ctx, { objectId: id, kind: 'payment', target: p.invoice });
  return applied('payment_linked', `${ids.join(', ')} paid ${p.invoice}`);
};
