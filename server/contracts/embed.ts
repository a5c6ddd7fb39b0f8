import { z } from 'zod';

// The embedded referral page's contract (docs/embedded-referrals.md): which origins may frame
// it, and the options a merchant's server chooses when it asks for a token.

/**
 * An origin allowed to frame the page: https, or http on localhost for development. Stored as
 * the URL's origin (scheme, host, port), so `https://App.example.com/` and
 * `https://app.example.com` are one entry. Paths, queries and credentials are refused.
 */
export const embedOrigin = z
  .string()
  .trim()
  .max(255)
  .refine((v) => embedOriginOf(v) !== null, 'use an origin like https://app.example.com (http only for localhost), without a path')
  .transform((v) => embedOriginOf(v)!)
  .describe('an origin allowed to frame the embedded referral page, e.g. https://app.example.com');

export const embedOrigins = z.array(embedOrigin).max(10).describe('origins allowed to frame the embedded referral page (at most 10); empty: no embedding');

export function embedOriginOf(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** Words of the page a merchant may replace (its own language or tone); each at most 200 characters. */
export const EMBED_STRINGS = [
  'title',
  'your_link',
  'copy',
  'copied',
  'share',
  'your_code',
  'clicks',
  'signups',
  'sales',
  'earnings',
  'credit_earned',
  'payouts',
  'payout_method',
  'tax_form',
] as const;

export const embedOptions = z
  .object({
    hide_earnings: z.boolean().default(false).describe('hide money earned (counts stay)'),
    hide_payouts: z.boolean().default(false).describe('credit-only programs: no payout, payout-method or tax-form screens; rewards read "credit earned"'),
    theme: z.enum(['light', 'dark', 'brand']).default('light').describe("light, dark, or the program's brand colour"),
    strings: z.partialRecord(z.enum(EMBED_STRINGS), z.string().trim().min(1).max(200)).default({}).describe('words of the page to replace, by key'),
  })
  .strict();
export type EmbedOptions = z.output<typeof embedOptions>;
