import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { fakeBilling, type FakeBilling } from './fake-billing';

// A local stand-in for the Stripe API at its HTTP edge: a real node:http server answering only
// the endpoints Refcount calls, with payloads typed by the `stripe` package (Stripe.ApiList<…>),
// so the official client, pointed here (host, port, protocol 'http'), parses what it would parse
// from Stripe. A key may be refused (401) or lack permissions (403, Stripe's restricted-key
// error), as Stripe answers them.

export type Permission = 'customers' | 'checkout_sessions' | 'invoices' | 'promotion_codes' | 'products';

type Listed = { id: string; created: number };

export type FakeStripe = {
  url: string;
  /** The merchant's account: what the endpoints list and retrieve. */
  account: {
    customers: Stripe.Customer[];
    sessions: Stripe.Checkout.Session[];
    lineItems: Map<string, Stripe.LineItem[]>;
    invoices: Stripe.Invoice[];
    promotionCodes: Stripe.PromotionCode[];
    products: Stripe.Product[];
  };
  /** Billing writes of rewards delivered in billing (fake-billing.ts). */
  billing: FakeBilling;
  /** A key this fake accepts, lacking the permissions named. */
  key(key: string, withheld?: Permission[]): void;
  /** Every request, in order: method, path with query, the key sent. */
  requests: { method: string; path: string; key: string | null }[];
  /** Answers the next `n` requests with 500 (a Stripe outage). */
  failNext(n: number): void;
  /** Milliseconds each answer waits (a slow account, so progress can be watched). */
  delayMs: number;
  close(): Promise<void>;
};

// Stripe's names of the permissions, as its 403 quotes them.
const RAK: Record<Permission, string> = {
  customers: 'rak_customer_read',
  checkout_sessions: 'rak_checkout_session_read',
  invoices: 'rak_invoice_read',
  promotion_codes: 'rak_promotion_code_read',
  products: 'rak_product_read',
};

const masked = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 14))}${key.slice(-6)}`;

// The range filters of `created`, as the client encodes Stripe.RangeQueryParam.
const RANGE: Record<string, (created: number, bound: number) => boolean> = {
  'created[gte]': (c, b) => c >= b,
  'created[gt]': (c, b) => c > b,
  'created[lte]': (c, b) => c <= b,
  'created[lt]': (c, b) => c < b,
};

/** A page as Stripe lists: newest first, `starting_after` an id of the previous page, `created[…]` ranges. */
function page<T extends Listed>(all: T[], q: URLSearchParams, url: string, keep: (o: T) => boolean = () => true): Stripe.ApiList<T> {
  const inRange = (o: T) => Object.entries(RANGE).every(([param, test]) => !q.has(param) || test(o.created, Number(q.get(param))));
  const sorted = all.filter((o) => keep(o) && inRange(o)).sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = q.get('starting_after');
  const from = after ? sorted.findIndex((o) => o.id === after) + 1 : 0;
  const limit = Math.min(Number(q.get('limit') ?? 10), 100);
  const data = sorted.slice(from, from + limit);
  return { object: 'list', data, has_more: from + limit < sorted.length, url };
}

/** On a free port of 127.0.0.1, or `port` (the browser specs' app is told it before it starts). */
export async function startFakeStripe({ port = 0 }: { port?: number } = {}): Promise<FakeStripe> {
  const account: FakeStripe['account'] = { customers: [], sessions: [], lineItems: new Map(), invoices: [], promotionCodes: [], products: [] };
  const keys = new Map<string, Set<Permission>>();
  const requests: FakeStripe['requests'] = [];
  let failing = 0;

  const fake = { delayMs: 0 };
  const billing = fakeBilling();
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
  const server: Server = createServer((req, res) => void bodyOf(req).then((body) => new Promise((r) => setTimeout(r, fake.delayMs)).then(() => answer(req, res, body))));
  function answer(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, key });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type = 'invalid_request_error') => send(status, { error: { type, message } });
    if (failing > 0) {
      failing--;
      return error(500, 'An unknown error occurred', 'api_error');
    }
    if (!key || !keys.has(key)) return error(401, `Invalid API Key provided: ${key ? masked(key) : '(none)'}`);
    const withheld = keys.get(key)!;
    const needs = (p: Permission) => {
      if (!withheld.has(p)) return true;
      error(403, `The provided key '${masked(key)}' does not have the required permissions for this endpoint on account 'acct_1Fake'. Having the '${RAK[p]}' permission would allow this request to continue.`);
      return false;
    };
    const q = url.searchParams;
    const p = url.pathname;
    let m: RegExpExecArray | null;
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    if (billing.answer(req.method ?? 'GET', p, q, body, idempotencyKey, send, error)) return;
    if (req.method !== 'GET') return error(404, `Unrecognized request URL (${req.method}: ${p}).`);
    if (p === '/v1/customers') return needs('customers') && send(200, page(account.customers, q, p));
    if (p === '/v1/checkout/sessions') return needs('checkout_sessions') && send(200, page(account.sessions, q, p, (s) => !q.get('status') || s.status === q.get('status')));
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(p))) {
      if (!needs('checkout_sessions')) return;
      const items = account.lineItems.get(m[1]);
      if (!items) return error(404, `No such checkout.session: '${m[1]}'`);
      const list: Stripe.ApiList<Stripe.LineItem> = { object: 'list', data: items.slice(0, Number(q.get('limit') ?? 10)), has_more: items.length > Number(q.get('limit') ?? 10), url: p };
      return send(200, list);
    }
    if (p === '/v1/invoices') return needs('invoices') && send(200, page(account.invoices, q, p, (i) => !q.get('status') || i.status === q.get('status')));
    if (p === '/v1/promotion_codes') return needs('promotion_codes') && send(200, page(account.promotionCodes, q, p));
    if ((m = /^\/v1\/promotion_codes\/([^/]+)$/.exec(p))) {
      if (!needs('promotion_codes')) return;
      const found: Stripe.PromotionCode | undefined = account.promotionCodes.find((c) => c.id === m![1]);
      return found ? send(200, found) : error(404, `No such promotion code: '${m[1]}'`);
    }
    if (p === '/v1/products') return needs('products') && send(200, page(account.products, q, p));
    return error(404, `Unrecognized request URL (GET: ${p}).`);
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const api: FakeStripe = Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    account,
    billing,
    key: (key: string, withheld: Permission[] = []) => void keys.set(key, new Set(withheld)),
    requests,
    failNext: (n: number) => void (failing = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return api;
}
