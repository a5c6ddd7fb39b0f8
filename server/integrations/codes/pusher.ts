import type { affiliateCodeLinks } from '@/db/schema';
import type { CodeDiscount } from './discount';

// What the sync job (sync.ts) asks of a provider for one affiliate code; stripe-codes.ts and
// paddle-codes.ts answer it through the official clients and the workspace's API key.

export type CodeLink = typeof affiliateCodeLinks.$inferSelect;

/** An affiliate code as the job pushes it: its text, owner, and its campaign's discount. */
export type DueCode = {
  id: string;
  workspaceId: string;
  affiliateId: string;
  code: string;
  status: 'active' | 'inactive';
  source: 'generated' | 'manager' | 'affiliate' | 'linked';
  campaignName: string;
  discount: CodeDiscount | null;
};

/** The object a provider made (or had already made for this code, found again after a lost answer). */
export type MadeObject = { objectId: string; couponId: string | null };

export type CodePusher = {
  provider: 'stripe' | 'paddle';
  label: string;
  /**
   * Paddle keeps a code's text on one discount for good (even archived), so a new discount
   * changes that discount's terms in place; Stripe's coupons cannot change, so it makes a new
   * promotion code under a new coupon.
   */
  repricesInPlace: boolean;
  create(code: DueCode, discount: CodeDiscount): Promise<MadeObject>;
  reprice(link: CodeLink, discount: CodeDiscount): Promise<void>;
  setActive(link: CodeLink, active: boolean): Promise<void>;
};

/** The provider refused in a way retrying will not fix alone; the message is ours, for the manager. */
export class CodeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodeRefused';
  }
}
