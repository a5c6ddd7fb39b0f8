import { money } from '../../../_components/ui';

type Part = 'tax' | 'fee';
export type ShownBasis = { amount: number; tax: number | null; fee: number | null; excluded: Part[]; not_reported: Part[]; basis: number };

/** What the percent rule applied to (docs/commissions.md#revenue-basis), in one line of the receipt. */
export function RevenueBasisLine({ basis: b, currency }: { basis: ShownBasis | null; currency: string }) {
  if (!b) return null;
  const off = b.excluded.map((part) => ` − ${part} ${money(b[part] ?? 0, currency)}`).join('');
  return (
    <p>
      Commission basis: {b.excluded.length ? <>{money(b.amount, currency)}{off} = </> : null}
      <strong>{money(b.basis, currency)}</strong>
      {b.excluded.length === 0 && ' (the amount after discount)'}
      {b.not_reported.length > 0 && <> · {b.not_reported.join(' and ')} not reported, not taken off</>}
    </p>
  );
}
