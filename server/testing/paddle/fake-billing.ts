import type { IDiscountResponse, ISubscriptionResponse } from '@paddle/paddle-node-sdk';
import { pid } from './objects';

// The Paddle fake's billing writes used by rewards delivered in billing (docs/rewards-in-billing.md):
// a subscription's discount set or removed (discounts are made by fake-api.ts's writes). Kept apart
// from fake-api.ts's reads so both grow without touching each other. Payloads are the SDK's
// response types; the discounts live in the fake's one `discounts` list.

export type FakePaddleBilling = {
  subscriptions: ISubscriptionResponse[];
  addSubscription(customer: string): ISubscriptionResponse;
  /** A bill used the discount (times_used + 1), as Paddle counts it. */
  useDiscount(id: string): void;
};

type Fail = (status: number, code: string, detail: string) => void;

const stamp = () => new Date().toISOString();

export function fakePaddleBilling(discounts: IDiscountResponse[]): FakePaddleBilling & { answer(method: string, url: URL, body: string, send: (data: unknown) => void, fail: Fail, list: (status: number, data: unknown[]) => void): boolean } {
  const subscriptions: ISubscriptionResponse[] = [];
  return {
    subscriptions,
    addSubscription(customer) {
      const sub: ISubscriptionResponse = {
        id: pid('sub'), status: 'active', customer_id: customer, address_id: pid('add'), currency_code: 'USD', created_at: stamp(), updated_at: stamp(),
        discount: null, collection_mode: 'automatic', billing_cycle: { interval: 'month', frequency: 1 }, management_urls: null, items: [],
      };
      subscriptions.push(sub);
      return sub;
    },
    useDiscount(id) {
      const d = discounts.find((x) => x.id === id);
      if (d) d.times_used = (d.times_used ?? 0) + 1;
    },
    answer(method, url, body, send, fail, list) {
      const p = url.pathname;
      const q = url.searchParams;
      let m: RegExpExecArray | null;
      if (method === 'GET' && p === '/subscriptions') {
        const customers = q.get('customer_id')?.split(',');
        const statuses = q.get('status')?.split(',');
        return list(200, subscriptions.filter((s) => (!customers || customers.includes(s.customer_id)) && (!statuses || statuses.includes(s.status)))), true;
      }
      if ((m = /^\/subscriptions\/([^/]+)$/.exec(p)) && (method === 'GET' || method === 'PATCH')) {
        const sub = subscriptions.find((s) => s.id === m![1]);
        if (!sub) return fail(404, 'entity_not_found', 'Subscription not found'), true;
        if (method === 'PATCH') {
          const b = JSON.parse(body) as { discount?: { id: string; effective_from: string } | null };
          if (b.discount !== undefined) sub.discount = b.discount && { id: b.discount.id, starts_at: null, ends_at: null };
        }
        return send(sub), true;
      }
      return false;
    },
  };
}
