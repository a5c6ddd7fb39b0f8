// Digits after the decimal point per ISO 4217, for printing minor units as major ones. Two is the
// rule; these are the exceptions a payout file may meet.
const ZERO_DECIMALS = new Set(['bif', 'clp', 'djf', 'gnf', 'isk', 'jpy', 'kmf', 'krw', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMALS = new Set(['bhd', 'iqd', 'jod', 'kwd', 'lyd', 'omr', 'tnd']);

export const minorDigits = (currency: string): number => {
  const c = currency.toLowerCase();
  return ZERO_DECIMALS.has(c) ? 0 : THREE_DECIMALS.has(c) ? 3 : 2;
};

/** 123456 usd → "1234.56", 5 usd → "0.05", 5000 jpy → "5000". String arithmetic: never a float. */
export function formatMajor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor));
  if (digits === 0) return sign + text;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
