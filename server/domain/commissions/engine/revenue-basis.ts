// What a percent rule is a percent of (docs/commissions.md#revenue-basis). Pure: no database, no
// HTTP; the campaign's options come kept with its rules (server/domain/rules/kept-rules.ts).

/** The campaign's options: take off tax, and the payment provider's fee, when the sale reports them. */
export type BasisOptions = { excludeTax: boolean; excludeFees: boolean };

export const GROSS_BASIS: BasisOptions = { excludeTax: false, excludeFees: false };

/** The parts of a sale's amount a campaign may take off. */
export type BasisPart = 'tax' | 'fee';

/**
 * A sale's revenue basis, as the receipt shows it: its amount (after discount), what it reports of
 * tax and fee (null: not reported), the parts taken off, the parts the campaign would take off but
 * the sale did not report, and the basis itself, in minor units.
 */
export type RevenueBasis = {
  amount: number;
  tax: number | null;
  fee: number | null;
  excluded: BasisPart[];
  not_reported: BasisPart[];
  basis: number;
};

/**
 * amount − tax (if excluded and reported) − fee (if excluded and reported), never below 0. Exact:
 * integers in, integers out; a part not reported takes nothing off (the full amount stands).
 */
export function revenueBasis(sale: { amount: number; tax?: number | null; fee?: number | null }, options: BasisOptions): RevenueBasis {
  const tax = sale.tax ?? null;
  const fee = sale.fee ?? null;
  const excluded: BasisPart[] = [];
  const notReported: BasisPart[] = [];
  let basis = sale.amount;
  for (const [part, value, asked] of [['tax', tax, options.excludeTax], ['fee', fee, options.excludeFees]] as const) {
    if (!asked) continue;
    if (value === null) notReported.push(part);
    else {
      excluded.push(part);
      basis -= value;
    }
  }
  return { amount: sale.amount, tax, fee, excluded, not_reported: notReported, basis: Math.max(0, basis) };
}
