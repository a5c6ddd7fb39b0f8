// Money, once, for the server and the pages alike: amounts live as integer minor units
// (docs/api.md#money-and-rounding); the engine's percent and pro-rata math is exact (BigInt, half up), and major
// units exist only as text, by string arithmetic, so no amount ever passes through a float. No
// Node or Drizzle imports: the browser bundles this file too.

// ISO 4217 minor units where they are not 2. Intl follows CLDR instead, which prints IQD, HUF,
// IDR, COP… without decimals although their minor unit is a hundredth or a thousandth: amounts
// are ISO minor units (docs/api.md#money-and-rounding), so the digits come from the standard, not from Intl.
const ISO_DIGITS: Record<string, number> = {
  ...Object.fromEntries(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((c) => [c, 0])),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
  CLF: 4,
  UYW: 4,
};
const checked = new Set<string>();

/**
 * Digits after the decimal point of `currency` (ISO 4217, any case): 2 for usd, 0 for jpy, 3 for
 * kwd and iqd. A code that is no currency code throws RangeError (Intl's own answer).
 */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (!checked.has(code)) {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    checked.add(code);
  }
  return ISO_DIGITS[code] ?? 2;
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

// Commission math in minor units. Rounding is half-up on the minor unit (half away from zero for
// negative amounts), done in BigInt so no product ever passes through a float.

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const neg = n < 0n !== d < 0n;
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (2n * a + b) / (2n * b);
  return neg ? -q : q;
}

/** `rateHundredths` is a percent in hundredths (2550 = 25.50 %). */
export function percentOf(amount: number, rateHundredths: number): number {
  return Number(divRoundHalfUp(BigInt(amount) * BigInt(rateHundredths), 10_000n));
}

/** `full` scaled by net/gross: what a commission is worth after a partial refund. */
export function proRata(full: number, net: number, gross: number): number {
  if (gross <= 0 || net >= gross) return full;
  if (net <= 0) return 0;
  return Number(divRoundHalfUp(BigInt(full) * BigInt(net), BigInt(gross)));
}

/**
 * A percentage as the API states it (25.5) in the hundredths the engine computes with (2550);
 * null unless 0 < percent <= 100 with at most 2 decimals.
 */
export function percentToHundredths(percent: number): number | null {
  const hundredths = Math.round(percent * 100);
  // Float tolerance: 0.29 * 100 is 28.999999999999996, which still has two decimals.
  const twoDecimals = Math.abs(hundredths - percent * 100) <= 1e-6;
  return percent > 0 && percent <= 100 && twoDecimals ? hundredths : null;
}

/** 2550 → 25.5: hundredths of a percent as the API shows them. */
export const hundredthsToPercent = (hundredths: number): number => hundredths / 100;

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(currency: string, compact: boolean) {
  const key = `${currency}:${compact}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = minorDigits(currency);
    const fraction = compact ? { notation: 'compact', maximumFractionDigits: 1 } as const : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), ...fraction });
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
  // Whatever precedes the number (a code, a symbol, spaces) goes; spaces inside it too ("1 234.50").
  const cleaned = text.replace(/^[^\d\-.,]+/, '').replace(/\s/g, '');
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
