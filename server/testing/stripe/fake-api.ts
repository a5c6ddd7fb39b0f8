import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { NOW, sid } from './ids';
import { fakeBilling, type FakeBilling } from './fake-billing';
import { codesWrite, metadataOf, type Fail, type Send } from './fake-codes';
import { fakeConnect, type FakeConnect } from './fake-connect';

// A local stand-in for the Stripe API at its HTTP edge: a real node:http server answering only
// the endpoints Refcount calls, with payloads typed by the `stripe` package (Stripe.ApiList<…>),
// so the official client, pointed here (host, port, protocol 'http'), parses what it would parse
// from Stripe. A key may be refused (401) or lack permissions (403, Stripe's restricted-key
// error), as Stripe answers them. Writes (coupons and promotion codes, for affiliate codes)
// honour Idempotency-Key as Stripe does: the same key answers the first answer again.

export type Permission = 'customers' | 'checkout_sessions' | 'invoices' | 'promotion_codes' | 'products' | 'coupons_write' | 'promotion_codes_write' | 'connect_write' | 'transfers_write';

type Listed = { id: string; created: number };

export type FakeStripe = {
  url: string;
  /** The merchant's account: what the endpoints list and retrieve. */
  account: {
    customers: Stripe.Customer[];
    sessions: Stripe.Checkout.Session[];
    lineItems: Map<string, Stripe.LineItem[]>;
    invoices: Stripe.Invoice[];
    /** Discounts by id: an invoice names them by id, and answers them with `expand[]=discounts`. */
    discounts: Stripe.Discount[];
    promotionCodes: Stripe.PromotionCode[];
    products: Stripe.Product[];
    coupons: Stripe.Coupon[];
    /** Transfers made to connected accounts (payouts sent: docs/paying-affiliates.md), one per distinct Idempotency-Key. */
    transfers: Stripe.Transfer[];
  };
  /** Destinations (acct_…) whose transfers Stripe refuses, with its error code and message. */
  refuseTransfersTo: Map<string, { code: string; message: string }>;
  /** The next `n` writes are made, but their answers are lost (the connection drops, as in a timeout). */
  dropNext(n: number): void;
  /** Billing writes of rewards delivered in billing (fake-billing.ts). */
  billing: FakeBilling;
  /** Connect Express accounts of affiliates and their onboarding (fake-connect.ts). */
  connect: FakeConnect;
  /** A key this fake accepts, lacking the permissions named. */
  key(key: string, withheld?: Permission[]): void;
  /** Every request, in order: method, path with query, the key sent, a write's decoded form body and Idempotency-Key. */
  requests: { method: string; path: string; key: string | null; body?: Record<string, unknown>; idempotencyKey?: string }[];
  /** Answers the next `n` requests with 500 (a Stripe outage). */
  failNext(n: number): void;
  /** Forgets every Idempotency-Key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
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
  coupons_write: 'rak_coupon_write',
  promotion_codes_write: 'rak_promotion_code_write',
  connect_write: 'rak_connect_write',
  transfers_write: 'rak_transfer_write',
};

/** A form body as the client encodes it (`a[b]=1`, `a[c][0]=x`) back into an object. */
function formBody(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    const path = k.split(/\[|\]\[|\]/).filter(Boolean);
    let o = out as Record<string, unknown>;
    path.slice(0, -1).forEach((part) => (o = (o[part] ??= {}) as Record<string, unknown>));
    o[path[path.length - 1]] = v;
  }
  return out;
}

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
  const account: FakeStripe['account'] = { customers: [], sessions: [], lineItems: new Map(), invoices: [], discounts: [], promotionCodes: [], products: [], coupons: [], transfers: [] };
  const refuseTransfersTo: FakeStripe['refuseTransfersTo'] = new Map();
  let dropping = 0;
  const keys = new Map<string, Set<Permission>>();
  const requests: FakeStripe['requests'] = [];
  let failing = 0;

  const fake = { delayMs: 0 };
  // rewards' billing writes (fake-billing.ts), sharing the account's coupons with the codes' writes below
  const billing = fakeBilling(account.coupons);
  const connect = fakeConnect(() => api.url);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void new Promise((r) => setTimeout(r, fake.delayMs)).then(() => answer(req, res, Buffer.concat(chunks).toString())));
  });
  // Idempotency-Key → the first answer, replayed (Stripe keeps them 24 hours).
  const replays = new Map<string, { status: number; body: unknown; sent: string }>();
  function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const form = req.method === 'POST' ? formBody(raw) : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, key, ...(form ? { body: form, idempotencyKey } : {}) });
    const send = (status: number, body: unknown) => {
      if (idempotencyKey && req.method === 'POST' && status < 500 && !replays.has(`${key} ${idempotencyKey}`)) replays.set(`${key} ${idempotencyKey}`, { status, body, sent: raw });
      if (dropping > 0 && req.method === 'POST') {
        dropping--;
        return void res.destroy();
      }
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type = 'invalid_request_error', code?: string) => send(status, { error: { type, message, ...(code ? { code } : {}) } });
    // the onboarding page is the affiliate's browser, not the API: no key
    if (req.method === 'GET' && connect.page(url.pathname, res)) return;
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
    if (billing.answer(req.method ?? 'GET', p, q, raw, idempotencyKey ?? null, send, error)) return;
    if (req.method === 'POST' && form) {
      const replay = idempotencyKey && replays.get(`${key} ${idempotencyKey}`);
      // Stripe: a key used again with other parameters is refused, not replayed
      if (replay && replay.sent !== raw) {
        return error(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`, 'idempotency_error');
      }
      if (replay) {
        if (dropping > 0) {
          dropping--;
          return void res.destroy();
        }
        res.writeHead(replay.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
        return res.end(JSON.stringify(replay.body));
      }
      if ((p === '/v1/accounts' || p === '/v1/account_links') && !needs('connect_write')) return;
      if (connect.write(p, form, send, error)) return;
      return write(p, form, needs, send, error);
    }
    if (req.method !== 'GET') return error(404, `Unrecognized request URL (${req.method}: ${p}).`);
    if (p.startsWith('/v1/accounts/')) return needs('connect_write') && connect.read(p, send, error);
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(p))) {
      const found = account.coupons.find((c) => c.id === decodeURIComponent(m![1]));
      return found ? send(200, found) : error(404, `No such coupon: '${m[1]}'`, 'invalid_request_error', 'resource_missing');
    }
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
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(p))) {
      if (!needs('invoices')) return;
      const found = account.invoices.find((i) => i.id === m![1]);
      if (!found) return error(404, `No such invoice: '${m[1]}'`);
      // the client sends expand[0]=discounts (or expand[]=discounts)
      if (![...q].some(([k, v]) => k.startsWith('expand[') && v === 'discounts')) return send(200, found);
      const expanded: Stripe.Invoice = { ...found, discounts: found.discounts.map((d) => (typeof d === 'string' ? (account.discounts.find((x) => x.id === d) ?? d) : d)) };
      return send(200, expanded);
    }
    if (p === '/v1/promotion_codes') {
      const keep = (c: Stripe.PromotionCode) => (!q.get('code') || c.code.toLowerCase() === q.get('code')!.toLowerCase()) && (!q.get('active') || String(c.active) === q.get('active'));
      return needs('promotion_codes') && send(200, page(account.promotionCodes, q, p, keep));
    }
    if ((m = /^\/v1\/promotion_codes\/([^/]+)$/.exec(p))) {
      if (!needs('promotion_codes')) return;
      const found: Stripe.PromotionCode | undefined = account.promotionCodes.find((c) => c.id === m![1]);
      return found ? send(200, found) : error(404, `No such promotion code: '${m[1]}'`);
    }
    if (p === '/v1/products') return needs('products') && send(200, page(account.products, q, p));
    return error(404, `Unrecognized request URL (GET: ${p}).`);
  }
  /** POST /v1/transfers (payouts sent), and the codes' writes (fake-codes.ts). */
  function write(p: string, b: Record<string, unknown>, needs: (p: Permission) => boolean, send: Send, error: Fail) {
    if (p === '/v1/transfers') {
      if (!needs('transfers_write')) return;
      const destination = String(b.destination ?? '');
      if (!/^acct_/.test(destination)) return error(400, `No such destination: '${destination}'`, 'invalid_request_error', 'resource_missing');
      const refused = refuseTransfersTo.get(destination);
      if (refused) return error(400, refused.message, 'invalid_request_error', refused.code);
      const id = sid('tr');
      const transfer: Stripe.Transfer = {
        id,
        object: 'transfer',
        amount: Number(b.amount),
        amount_reversed: 0,
        balance_transaction: sid('txn'),
        created: NOW,
        currency: String(b.currency),
        description: typeof b.description === 'string' ? b.description : null,
        destination,
        destination_payment: sid('py'),
        livemode: true,
        metadata: metadataOf(b.metadata),
        reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
        reversed: false,
        source_transaction: null,
        transfer_group: typeof b.transfer_group === 'string' ? b.transfer_group : null,
      };
      account.transfers.push(transfer);
      return send(200, transfer);
    }
    if (codesWrite(account, p, b, needs, send, error)) return;
    return error(404, `Unrecognized request URL (POST: ${p}).`);
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const api: FakeStripe = Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    account,
    billing,
    connect,
    key: (key: string, withheld: Permission[] = []) => void keys.set(key, new Set(withheld)),
    requests,
    failNext: (n: number) => void (failing = n),
    refuseTransfersTo,
    dropNext: (n: number) => void (dropping = n),
    forgetIdempotencyKeys: () => replays.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return api;
}
