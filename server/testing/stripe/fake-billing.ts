import type Stripe from 'stripe';
import { sid } from './ids';

// The Stripe fake's billing writes used by rewards delivered in billing (docs/rewards-in-billing.md):
// customer balance transactions (create, list), a customer's balance, and a subscription's
// discounts (list, retrieve, update); coupons are the account's, made by fake-api.ts. Kept apart from fake-api.ts's reads so both grow without
// touching each other. Idempotency keys are honoured as Stripe does: the same key answers the first
// answer again, and makes nothing new.

export type FakeBilling = {
  /** Customer id → balance in minor units (negative: credit the customer has). */
  balances: Map<string, number>;
  balanceTransactions: Stripe.CustomerBalanceTransaction[];
  coupons: Stripe.Coupon[];
  subscriptions: Stripe.Subscription[];
  /** A subscription of `customer` as the fake lists and updates it. */
  addSubscription(customer: string, id?: string): Stripe.Subscription;
  /** The customer spends `amount` of its credit on an invoice (the balance moves towards 0). */
  spendCredit(customer: string, amount: number): void;
};

type Send = (status: number, body: unknown) => void;
type Fail = (status: number, message: string) => void;

const now = () => Math.floor(Date.now() / 1000);

/** Nested form fields as the client encodes them: a[b]=1, a[0][c]=2 → { a: { b: '1', '0': { c: '2' } } }. */
function formOf(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const path = k.replace(/\]/g, '').split('[');
    let at = out as Record<string, unknown>;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]] = v;
  }
  return out;
}

const listed = <T>(data: T[], url: string): Stripe.ApiList<T> => ({ object: 'list', data, has_more: false, url });

export function fakeBilling(coupons: Stripe.Coupon[]): FakeBilling & { answer(method: string, path: string, query: URLSearchParams, body: string, idempotencyKey: string | null, send: Send, fail: Fail): boolean } {
  const balances = new Map<string, number>();
  const balanceTransactions: Stripe.CustomerBalanceTransaction[] = [];
  const subscriptions: Stripe.Subscription[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();

  function subscription(customer: string, id = sid('sub')): Stripe.Subscription {
    // the fields the code reads, in Stripe's shape; the rest of the object is not modelled
    return { id, object: 'subscription', customer, status: 'active', discounts: [], created: now(), livemode: false, metadata: {} } as unknown as Stripe.Subscription;
  }
  const discountOn = (sub: Stripe.Subscription, coupon: Stripe.Coupon): Stripe.Discount =>
    ({ id: sid('di'), object: 'discount', source: { coupon, type: 'coupon' }, customer: sub.customer, subscription: sub.id, start: now(), end: null, checkout_session: null, invoice: null, invoice_item: null, promotion_code: null, subscription_item: null }) as unknown as Stripe.Discount;

  function write(method: string, path: string, form: Record<string, unknown>, send: Send, fail: Fail): boolean {
    let m: RegExpExecArray | null;
    if (method === 'POST' && (m = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path))) {
      const customer = m[1];
      const amount = Number(form.amount);
      const ending = (balances.get(customer) ?? 0) + amount;
      balances.set(customer, ending);
      const tx: Stripe.CustomerBalanceTransaction = {
        id: sid('cbtxn'), object: 'customer_balance_transaction', amount, checkout_session: null, created: now(), credit_note: null,
        currency: String(form.currency), customer, customer_account: null, description: (form.description as string) ?? null, ending_balance: ending,
        invoice: null, livemode: false, metadata: (form.metadata as Record<string, string>) ?? {}, type: 'adjustment',
      };
      balanceTransactions.push(tx);
      send(200, tx);
      return true;
    }
    if (method === 'POST' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.find((s) => s.id === m![1]);
      if (!sub) return fail(404, `No such subscription: '${m[1]}'`), true;
      if (form.discounts !== undefined) {
        const given = form.discounts === '' ? [] : Object.values(form.discounts as Record<string, { coupon?: string; discount?: string }>);
        const before = sub.discounts as Stripe.Discount[];
        sub.discounts = given.flatMap((g) => {
          if (g.discount) return before.filter((d) => d.id === g.discount);
          const coupon = coupons.find((c) => c.id === g.coupon);
          return coupon ? [discountOn(sub, coupon)] : [];
        });
      }
      send(200, sub);
      return true;
    }
    return false;
  }

  return {
    balances,
    balanceTransactions,
    coupons,
    subscriptions,
    addSubscription(customer, id) {
      const sub = subscription(customer, id);
      subscriptions.push(sub);
      return sub;
    },
    spendCredit(customer, amount) {
      balances.set(customer, (balances.get(customer) ?? 0) + amount);
    },
    answer(method, path, query, body, idempotencyKey, send, fail) {
      let m: RegExpExecArray | null;
      if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path))) {
        const mine = balanceTransactions.filter((t) => t.customer === m![1]).reverse();
        return send(200, listed(mine.slice(0, Number(query.get('limit') ?? 10)), path)), true;
      }
      if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && balances.has(m[1])) {
        return send(200, { id: m[1], object: 'customer', balance: balances.get(m[1]) ?? 0 }), true;
      }
      if (method === 'GET' && path === '/v1/subscriptions') {
        const mine = subscriptions.filter((s) => s.customer === query.get('customer') && (!query.get('status') || s.status === query.get('status')));
        return send(200, listed(mine.slice(0, Number(query.get('limit') ?? 10)), path)), true;
      }
      if (method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
        const sub = subscriptions.find((s) => s.id === m![1]);
        return (sub ? send(200, sub) : fail(404, `No such subscription: '${m[1]}'`)), true;
      }
      if (method !== 'POST') return false;
      const seen = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (seen) return send(seen.status, seen.body), true;
      let first: { status: number; body: unknown } | undefined;
      const keep: Send = (status, b) => {
        first = { status, body: JSON.parse(JSON.stringify(b)) };
        send(status, b);
      };
      const handled = write(method, path, formOf(body), keep, fail);
      if (handled && idempotencyKey && first && first.status < 400) answered.set(idempotencyKey, first);
      return handled;
    },
  };
}
