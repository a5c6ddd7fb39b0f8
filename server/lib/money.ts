// Money as people type and read it, per currency, for the server and the pages alike: amounts
// live as integer minor units (decisions.md §1) and become major units only as text, by string
// arithmetic, so no amount ever passes through a float. No Node or Drizzle imports: the browser
// bundles this file too.

const digitsCache = new Map<string, number>();

/**
 * Digits after the decimal point of `currency` (ISO 4217, any case), as Intl formats it: 2 for
 * usd, 0 for jpy, 3 for kwd. Unknown codes throw RangeError (Intl's own answer).
 */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

/** 123456 usd → "1234.56", 5 usd → "0.05", 5000 jpy → "5000", -1500 usd → "-15.00": exact. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor));
  if (digits === 0) return sign + text;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(currency: string, compact: boolean) {
  const key = `${currency}:${compact}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}) });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Minor units as a person reads them: 12345 usd → "$123.45", 5000 jpy → "¥5,000", 1234 kwd →
 * "KWD 1.234". The decimal string is handed to Intl as is (Intl.NumberFormat v3), so it is
 * never rounded through a float. `compact` ("$1.2K") is for chart axes only.
 */
export function formatMoney(minor: number, currency: string, { compact = false } = {}): string {
  const decimal = minorToDecimal(minor, currency) as unknown as number;
  return formatterFor(currency, compact).format(decimal);
}

// Digits with an optional thousands separator (comma), then an optional fraction.
const AMOUNT = /^(-)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

export type ParsedAmount = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * A typed amount in major units ("49", "49.9", "1,234.50", "¥5,000" without the sign) to minor
 * units of `currency`, exactly: more decimals than the currency has is refused, never rounded
 * ("0.001" usd, "5.5" jpy). A leading currency symbol or code and spaces are ignored; negative
 * amounts only with `allowNegative`.
 */
export function parseMoney(text: string, currency: string, { allowNegative = false } = {}): ParsedAmount {
  const digits = minorDigits(currency);
  const cleaned = text.trim().replace(/^[A-Za-z]{3}\s*/, '').replace(/^[^\d\-.,]+/, '').replace(/\s/g, '');
  const m = AMOUNT.exec(cleaned);
  if (!m || !/\d/.test(cleaned)) return { ok: false, reason: 'enter a number, like 49.99' };
  const [, minus, whole, fraction = ''] = m;
  if (minus && !allowNegative) return { ok: false, reason: 'enter an amount of 0 or more' };
  if (fraction.length > digits) {
    return { ok: false, reason: digits === 0 ? `${currency.toUpperCase()} has no decimals` : `use at most ${digits} decimals` };
  }
  const minor = Number(whole.replaceAll(',', '') + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'that amount is too large' };
  return { ok: true, minor: minus && minor !== 0 ? -minor : minor };
}

/** A ratio as a percentage for display: 0.1234 → "12.3%"; null (no denominator) → "—". */
export function formatRatio(ratio: number | null, decimals = 1): string {
  return ratio === null || !Number.isFinite(ratio) ? '—' : `${(ratio * 100).toFixed(decimals)}%`;
}

/** A commission rate stored as a percentage with up to 2 decimals: 25 → "25%", 12.5 → "12.5%". */
export const formatRate = (percent: number): string => `${Number(percent.toFixed(2))}%`;

/** The change from `before` to `now` as a signed percentage ("+12.5%", "−3.0%"); null without a base. */
export function formatChange(now: number, before: number): string | null {
  if (before === 0) return null;
  const change = (now - before) / Math.abs(before);
  const text = `${Math.abs(change * 100).toFixed(1)}%`;
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : '0.0%';
}
