import { invalid } from '../../errors/errors';

// The rules of an affiliate's coupon code, in one place (docs/codes.md#rules).
//
// The text is 3-32 of A-Z, a-z and 0-9: the form both providers accept as it is. Stripe takes
// letters, digits and dashes in a promotion code; Paddle Billing takes only [A-Za-z0-9]{1,32} in a
// discount code. Three characters at least, so a code is not guessed by typing two letters.
export const CODE_MIN = 3;
export const CODE_MAX = 32;
const CODE_PATTERN = /^[A-Za-z0-9]+$/;

/** At most this many active codes per affiliate (more are refused with invalid_state). */
export const MAX_ACTIVE_CODES = 5;
/**
 * At most this many codes an affiliate makes itself in the portal, over its whole life: every code's
 * text is kept for good and made in the providers, so renaming cannot be repeated without bound.
 */
export const MAX_AFFILIATE_MADE_CODES = 10;

/**
 * Words no code may be (in any case): they read as the shop's own or a test code, or name us or the
 * providers, and a customer typing them should not credit an affiliate.
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  'ADMIN', 'CODE', 'COUPON', 'DISCOUNT', 'FREE', 'GIFT', 'NONE', 'NULL', 'PADDLE', 'PROMO', 'PROMOCODE',
  'REFCOUNT', 'SALE', 'STRIPE', 'TEST', 'UNDEFINED', 'VOUCHER',
]);

/** The lookup key of a code: codes are unique per workspace in any case (affiliate_codes.code_key). */
export const codeKey = (code: string) => code.toLowerCase();

export const isReserved = (code: string) => RESERVED_CODES.has(code.toUpperCase());

/** Whether `text`, as it stands, is a code by the rule below (a provider's object linked as one). */
export const fitsCodeRule = (text: string) => text.length >= CODE_MIN && text.length <= CODE_MAX && CODE_PATTERN.test(text) && !isReserved(text);

/** `text` as a code, or invalid_request naming `code` and the rule it breaks. */
export function checkCodeText(text: string): string {
  const code = text.trim();
  if (code.length < CODE_MIN || code.length > CODE_MAX || !CODE_PATTERN.test(code)) {
    throw invalid('code', `use ${CODE_MIN}-${CODE_MAX} of A-Z, a-z and 0-9 (what Stripe and Paddle both accept)`);
  }
  if (isReserved(code)) throw invalid('code', `${code.toUpperCase()} is a reserved word`);
  return code;
}

/** A generated code's base: the ref code upper-cased, without its dashes and underscores, cut to fit. */
export function generatedBase(refCode: string): string {
  const base = refCode.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, CODE_MAX);
  // "a-b" leaves two characters; codes need three.
  return base.padEnd(CODE_MIN, '0');
}

/** `BASE`, then `BASE2`, `BASE3`, …, the base cut so each variant fits 32 characters. */
export function codeVariant(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = String(n);
  return base.slice(0, CODE_MAX - suffix.length) + suffix;
}
