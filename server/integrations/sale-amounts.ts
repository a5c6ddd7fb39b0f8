import type { AmountBasis } from '../model/enums';

// What a provider's payment becomes on its sale (docs/commissions.md#revenue-basis). The
// integration's amount setting decides only what the sale's `amount` (its revenue in reports)
// stores; whether the commission leaves tax or fees out is the campaign's (commission_basis).

/** A payment as the provider reports it, minor units: paid after discount with tax; tax and fee null when not reported. */
export type ProviderPayment = { paid: number; tax: number | null; fee: number | null };

const within = (v: number | null, max: number) => (v === null ? null : Math.min(Math.max(0, v), Math.max(0, max)));

/**
 * The sale's amount, what it says of tax included in that amount and of the provider's fee, and
 * what was charged (refunds are pro rata to it). 'paid_excluding_tax' stores the paid amount less
 * the tax reported, so none of the amount is tax (0), and a campaign excluding tax takes nothing
 * more off; a tax not reported leaves the paid amount, as it always did.
 */
export function saleAmounts(p: ProviderPayment, basis: AmountBasis) {
  const tax = within(p.tax, p.paid);
  const amount = basis === 'paid_excluding_tax' && tax !== null ? p.paid - tax : p.paid;
  return { amount, chargedAmount: p.paid, tax: tax === null ? null : basis === 'paid' ? tax : 0, fee: within(p.fee, amount) };
}
