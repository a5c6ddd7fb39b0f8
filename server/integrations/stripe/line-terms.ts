import type { InvoiceFields, LineFields } from './schemas';
import type { BillingInterval } from '../../model/enums';

type Interval = BillingInterval;

// Newer payloads name a line's price only by id, without its billing interval; the line's
// service period tells it. A whole number of months (within a few days: months differ in
// length) is a monthly price, twelve of them a yearly one; days and weeks match no interval
// rule of ours.
function intervalOfPeriod(start: number, end: number): Interval | null {
  const days = (end - start) / 86_400;
  const months = Math.round(days / 30.44);
  if (months < 1 || Math.abs(days - months * 30.44) > 3.5) return null;
  return months % 12 === 0 ? 'year' : 'month';
}

function intervalOf(line: LineFields, recurring: boolean): Interval | null {
  const old = line.price?.recurring?.interval;
  if (old) return old === 'month' || old === 'year' ? old : null;
  if (line.price && !line.price.recurring) return 'one_time';
  const subscribed = recurring || !!line.parent?.subscription_item_details;
  if (!subscribed) return 'one_time';
  return line.period ? intervalOfPeriod(line.period.start, line.period.end) : null;
}

const productOf = (line: LineFields) => line.price?.product ?? line.pricing?.price_details?.product ?? null;

/**
 * The product and billing interval a sale is recorded with: those of the invoice's largest line
 * (the plan, not a proration or an add-on). One conversion per invoice keeps refunds, which
 * Stripe reports per charge, exact.
 */
export function mainLineTerms(invoice: InvoiceFields, subscriptionId: string | null): { productId: string | null; interval: Interval | null } {
  const lines = invoice.lines.data;
  if (!lines.length) return { productId: null, interval: subscriptionId ? null : 'one_time' };
  const main = lines.reduce((best, l) => (l.amount > best.amount ? l : best), lines[0]);
  return { productId: productOf(main), interval: intervalOf(main, !!subscriptionId) };
}
