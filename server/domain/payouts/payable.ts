import type { affiliatePayoutMethods } from '@/db/schema';

// Whether a rail can pay a line, in one home (docs/paying-affiliates.md#currencies): a line is
// paid in its own currency or not at all, never converted silently. The reason is kept on the
// line, which stays pending for the CSV.

type Method = typeof affiliatePayoutMethods.$inferSelect;

// The currencies PayPal Payouts pays in (PayPal's currency codes reference), leaving out those
// only for in-country accounts (BRL, MYR, CNY, INR).
export const PAYPAL_CURRENCIES = new Set(['aud', 'cad', 'chf', 'czk', 'dkk', 'eur', 'gbp', 'hkd', 'huf', 'ils', 'jpy', 'mxn', 'nok', 'nzd', 'php', 'pln', 'sek', 'sgd', 'thb', 'twd', 'usd']);
// PayPal takes no decimals in these although their ISO minor unit is a hundredth.
export const PAYPAL_WHOLE_UNITS = new Set(['huf', 'twd']);

/** Why `method` cannot be paid `amount` in `currency` now, or null; `balance` is the Stripe balance's currency. */
export function whyNotPayable(method: Method | null, line: { amount: number; currency: string }, balance: string): string | null {
  if (method?.kind === 'stripe_connect') {
    if (method.state !== 'ready' || !method.stripeAccountId) return 'payout_method_not_ready: the Stripe account cannot receive transfers yet';
    // Stripe pays a transfer from the platform's balance, in its currency.
    if (line.currency !== balance) return `currency_not_payable: Stripe transfers from the balance in ${balance.toUpperCase()}, this line is in ${line.currency.toUpperCase()}`;
    return null;
  }
  if (method?.kind === 'paypal') {
    if (method.state !== 'ready' || !method.paypalReceiver || !method.paypalConfirmedAt) return 'payout_method_not_ready: the PayPal address is not confirmed yet';
    const code = line.currency.toUpperCase();
    if (!PAYPAL_CURRENCIES.has(line.currency)) return `currency_not_payable: PayPal Payouts does not pay in ${code}`;
    if (PAYPAL_WHOLE_UNITS.has(line.currency) && line.amount % 100 !== 0) return `currency_not_payable: PayPal pays ${code} in whole units only, this line has a fraction`;
    return null;
  }
  return 'manual';
}

/** The rail that pays a method, or null for one paid by hand from the CSV. */
export const railOf = (method: Method | null) => (method?.kind === 'stripe_connect' || method?.kind === 'paypal' ? method.kind : null);

/** Where the rail sends the money: the Express account, or the PayPal address or payer id. */
export const destinationOf = (method: Method) => (method.kind === 'stripe_connect' ? method.stripeAccountId : method.paypalReceiver);
