import { apiAmount, type StoredTerms, type TermsInput } from '../../contracts/terms';
import { invalid, required } from '../../errors/errors';
import { percentToHundredths } from '../../model/money';

// The amount column is a 4-byte integer; a larger flat amount would fail in the database.
const MAX_FLAT = 2_147_483_647;

/** The stored form of an API amount: minor units when flat, else hundredths of a percent. */
export function storedAmount(isFlat: boolean, amount: number): number {
  if (isFlat) {
    if (!Number.isInteger(amount) || amount < 1 || amount > MAX_FLAT) {
      throw invalid('amount', 'a flat amount is a positive integer in minor currency units');
    }
    return amount;
  }
  const hundredths = percentToHundredths(amount);
  if (hundredths === null) throw invalid('amount', 'a percentage is above 0 and at most 100, with at most 2 decimals');
  return hundredths;
}

/** Completes terms with their defaults and checks what only makes sense together. */
export function resolveTerms(input: TermsInput, defaultCurrency: string): StoredTerms {
  if (input.amount === undefined) throw required('amount');
  const isFlat = input.is_flat ?? false;
  if (!isFlat && input.currency != null) throw invalid('currency', 'only flat amounts carry a currency');
  const lengthType = input.length_type ?? 'one_time';
  const lengthMonths = input.length_months ?? null;
  if (lengthType === 'limited' && lengthMonths === null) {
    throw invalid('length_months', 'required when length_type is limited');
  }
  if (lengthType !== 'limited' && lengthMonths !== null) {
    throw invalid('length_months', 'only allowed when length_type is limited');
  }
  return {
    isFlat,
    amount: storedAmount(isFlat, input.amount),
    currency: isFlat ? (input.currency ?? defaultCurrency) : null,
    lengthType,
    lengthMonths,
    appliesToInterval: input.applies_to_interval ?? 'any',
  };
}

/**
 * Terms after a partial change. Switching between flat and percent needs a new amount (25 % is
 * not 25 cents); a length or currency that no longer applies is dropped rather than refused.
 */
export function changeTerms(current: StoredTerms, change: TermsInput, defaultCurrency: string): StoredTerms {
  const isFlat = change.is_flat ?? current.isFlat;
  if (isFlat !== current.isFlat && change.amount === undefined) throw required('amount');
  const lengthType = change.length_type ?? current.lengthType;
  const keep = <T>(given: T | undefined, fallback: T) => (given !== undefined ? given : fallback);
  return resolveTerms(
    {
      is_flat: isFlat,
      amount: change.amount ?? apiAmount(current.isFlat, current.amount),
      currency: keep(change.currency, isFlat ? current.currency : null),
      length_type: lengthType,
      length_months: keep(change.length_months, lengthType === 'limited' ? current.lengthMonths : null),
      applies_to_interval: change.applies_to_interval ?? current.appliesToInterval,
    },
    defaultCurrency,
  );
}
