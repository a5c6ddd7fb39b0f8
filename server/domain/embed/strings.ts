import type { EmbedOptions } from '../../contracts/embed';
import { EMBED_STRINGS } from '../../contracts/embed';

// The embedded page's words (docs/embedded-referrals.md#the-page, `strings`): English defaults, each
// replaceable by the merchant through the token's `strings` option (its own language or tone).

export type EmbedWords = Record<(typeof EMBED_STRINGS)[number], string>;

export const DEFAULT_EMBED_WORDS: EmbedWords = {
  title: 'Refer a friend',
  your_link: 'Your referral link',
  copy: 'Copy',
  copied: 'Copied',
  share: 'Share',
  your_code: 'Your code',
  clicks: 'Clicks',
  signups: 'Sign-ups',
  sales: 'Sales',
  earnings: 'Earnings',
  credit_earned: 'Credit earned',
  payouts: 'Payouts',
  payout_method: 'Payout method',
  tax_form: 'Tax form',
};

export const embedWords = (options: Pick<EmbedOptions, 'strings'>): EmbedWords => ({ ...DEFAULT_EMBED_WORDS, ...options.strings });
