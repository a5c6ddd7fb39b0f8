import type { rewardDeliveries } from '@/db/schema';

// What a provider does to deliver a reward in its billing system and to take it back
// (docs/rewards-in-billing.md). One implementation per provider folder; the delivery job
// (./deliveries.ts) resolves the customer, the key and the state around these calls.

export type RewardDelivery = typeof rewardDeliveries.$inferSelect;

/** A delivery with its customer resolved. */
export type ResolvedDelivery = RewardDelivery & { provider: string; customerId: string };

export type Delivered = { providerObjectId: string; subscriptionId: string | null };
export type TakenBack = { reversed: number; shortfall: number };

export type BillingRewards = {
  /** The commission's amount as credit on the customer's next bills; idempotent on the commission. */
  credit(key: string, d: ResolvedDelivery): Promise<Delivered>;
  /** `months` months free on the customer's subscription; idempotent on the commission. */
  freeMonths(key: string, d: ResolvedDelivery): Promise<Delivered>;
  /** Takes back what is still unused; what was consumed is the shortfall. Idempotent. */
  takeBack(key: string, d: ResolvedDelivery): Promise<TakenBack>;
};

/** A delivery that cannot be made as things stand (no subscription, no customer): said in our words. */
export class DeliveryRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRefused';
  }
}

/** The reference each provider object carries back to the commission it rewards. */
export const commissionRef = (d: RewardDelivery) => ({ refcount_commission_id: d.commissionId });
