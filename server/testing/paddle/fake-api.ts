import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ICustomerResponse, IDiscountResponse, ITransactionNotificationResponse, ITransactionResponse } from '@paddle/paddle-node-sdk';
import { fakePaddleBilling, type FakePaddleBilling } from './fake-billing';
import { pid } from './objects';

// A local stand-in for the Paddle Billing API at its HTTP edge: a real node:http server answering
// only what Refcount reads (the probes of a key, a discount, the list of transactions), with payloads typed by @paddle/paddle-node-sdk's response types, so
// the SDK pointed here parses what it would parse from Paddle. A key may lack permissions
// (403 `forbidden`, Paddle's error shape) or be unknown (`invalid_token`). Discounts are also
// created and updated (affiliate codes), with Paddle's rule that a code belongs to one discount
// ever (409 `discount_code_conflict`, archived ones included).

export type PaddlePermission = 'customer.read' | 'transaction.read' | 'discount.read' | 'product.read' | 'discount.write';

// The envelope of Paddle's answers (the SDK keeps its own type internal).
type Meta = { request_id: string };
type Paginated<T> = { data: T[]; meta: Meta & { pagination: { per_page: number; next: string; has_more: boolean; estimated_total: number } } };
type ErrorBody = { error: { type: string; code: string; detail: string; documentation_url: string }; meta: Meta };

export type FakePaddle = {
  url: string;
  discounts: IDiscountResponse[];
  // the account's transactions and customers, listed as GET /transactions lists them
  transactions: ITransactionResponse[];
  customers: ICustomerResponse[];
  /** Billing writes of rewards delivered in billing (fake-billing.ts). */
  billing: FakePaddleBilling;
  key(key: string, withheld?: PaddlePermission[]): void;
  requests: { path: string; key: string | null; method?: string; body?: Record<string, unknown> }[];
  /** Answers the next `n` requests with 500 (a Paddle outage). */
  failNext(n: number): void;
  close(): Promise<void>;
};

export function paddleDiscount(o: { code: string; id?: string }): IDiscountResponse {
  return {
    id: o.id ?? pid('dsc'),
    status: 'active',
    description: 'Affiliate discount',
    enabled_for_checkout: true,
    code: o.code,
    mode: 'standard',
    type: 'percentage',
    amount: '10',
    currency_code: null,
    recur: false,
    maximum_recurring_intervals: null,
    usage_limit: null,
    restrict_to: null,
    expires_at: null,
    custom_data: null,
    times_used: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    import_meta: null,
    discount_group_id: null,
    discount_group: null,
  };
}

/** A transaction as the API answers it: the notification's `data`, where a price and a product always have their dates (a price its type). */
export const apiTransaction = (t: ITransactionNotificationResponse): ITransactionResponse => ({
  ...t,
  items: t.items.map((i) => ({ ...i, price: i.price && { ...i.price, type: i.price.type ?? 'standard', created_at: i.price.created_at ?? t.created_at, updated_at: i.price.updated_at ?? t.updated_at, product: null } })),
  details: t.details && { ...t.details, line_items: t.details.line_items.map((l) => ({ ...l, product: l.product && { ...l.product, updated_at: l.product.updated_at ?? t.updated_at } })) },
  payments: t.payments.map((p) => ({ ...p, payment_method_id: p.payment_method_id ?? null })),
});

/** A customer as the API answers it (what GET /transactions?include=customer embeds). */
export function apiCustomer(o: { id?: string; createdAt: string; customData?: Record<string, string> | null }): ICustomerResponse {
  const id = o.id ?? pid('ctm');
  return { id, name: null, email: `${id}@example.com`, marketing_consent: false, status: 'active', custom_data: o.customData ?? null, locale: 'en', created_at: o.createdAt, updated_at: o.createdAt, import_meta: null };
}

/**
 * GET /transactions with the filters the backfill sends (status, billed_at[GTE|LT], order_by
 * id[ASC|DESC], after, per_page, include=customer), paginated as Paddle paginates: `next` is the
 * same query after the last id.
 */
function listTransactions(url: URL, all: ITransactionResponse[], customers: ICustomerResponse[]) {
  const q = url.searchParams;
  const statuses = q.get('status')?.split(',');
  const [gte, lt] = [q.get('billed_at[GTE]'), q.get('billed_at[LT]')].map((d) => (d ? Date.parse(d) : null));
  const desc = q.get('order_by') === 'id[DESC]';
  const after = q.get('after');
  const perPage = Math.min(Number(q.get('per_page') ?? 50), 200);
  const billed = (t: ITransactionResponse) => (t.billed_at ? Date.parse(t.billed_at) : null);
  const matching = all
    .filter((t) => (!statuses || statuses.includes(t.status)) && (gte === null || (billed(t) ?? -Infinity) >= gte) && (lt === null || (billed(t) ?? Infinity) < lt))
    .sort((a, b) => (a.id < b.id ? -1 : 1) * (desc ? -1 : 1))
    .filter((t) => !after || (desc ? t.id < after : t.id > after));
  const withCustomer = q.get('include')?.split(',').includes('customer');
  const data = matching.slice(0, perPage).map((t) => (withCustomer ? { ...t, customer: customers.find((c) => c.id === t.customer_id) ?? null } : t));
  const next = new URL(url);
  if (data.length) next.searchParams.set('after', data[data.length - 1].id);
  return { data, pagination: { per_page: perPage, next: next.href, has_more: matching.length > perPage, estimated_total: matching.length } };
}

const LISTS: Record<string, PaddlePermission> = { '/customers': 'customer.read', '/transactions': 'transaction.read', '/discounts': 'discount.read', '/products': 'product.read' };

export async function startFakePaddle(): Promise<FakePaddle> {
  const discounts: IDiscountResponse[] = [];
  const transactions: ITransactionResponse[] = [];
  const customers: ICustomerResponse[] = [];
  const keys = new Map<string, Set<PaddlePermission>>();
  const requests: FakePaddle['requests'] = [];
  let n = 0;
  // rewards' billing calls (fake-billing.ts: subscriptions), sharing the discounts the writes below make
  const billing = fakePaddleBilling(discounts);
  let failing = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString()));
  });
  function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const method = req.method ?? 'GET';
    const body = method === 'GET' || !raw ? undefined : (JSON.parse(raw) as Record<string, unknown>);
    requests.push({ path: url.pathname + url.search, key, method, ...(body ? { body } : {}) });
    const meta: Meta = { request_id: `req_${++n}` };
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: string, detail: string) => {
      const body: ErrorBody = { error: { type: 'request_error', code, detail, documentation_url: `https://developer.paddle.com/errors/shared/${code}` }, meta };
      send(status, body);
    };
    if (failing > 0) {
      failing--;
      const body: ErrorBody = { error: { type: 'api_error', code: 'internal_error', detail: 'An internal error occurred', documentation_url: 'https://developer.paddle.com/errors/shared/internal_error' }, meta };
      return send(500, body);
    }
    if (!key || !keys.has(key)) return error(403, 'invalid_token', 'Invalid API key');
    const withheld = keys.get(key)!;
    const page = (status: number, data: unknown[]) => send(status, { data, meta: { ...meta, pagination: { per_page: 50, next: '', has_more: false, estimated_total: data.length } } });
    if (billing.answer(method, url, raw, (data) => send(200, { data, meta }), error, page)) return;
    if (method !== 'GET') {
      if (withheld.has('discount.write')) return error(403, 'forbidden', "You aren't permitted to perform this request.");
      return writeDiscount(url.pathname, method, body ?? {}, send, error, meta);
    }
    const list = LISTS[url.pathname];
    const permission = list ?? (url.pathname.startsWith('/discounts/') ? 'discount.read' : null);
    if (!permission) return error(404, 'not_found', 'Unrecognized path');
    if (withheld.has(permission)) return error(403, 'forbidden', "You aren't permitted to perform this request.");
    if (list === 'transaction.read') {
      const { data, pagination } = listTransactions(url, transactions, customers);
      const body: Paginated<ITransactionResponse> = { data, meta: { ...meta, pagination } };
      return send(200, body);
    }
    if (list === 'discount.read' && url.searchParams.has('code')) {
      const codes = url.searchParams.get('code')!.split(',');
      const data = discounts.filter((d) => d.code && codes.includes(d.code));
      const body: Paginated<IDiscountResponse> = { data, meta: { ...meta, pagination: { per_page: 50, next: '', has_more: false, estimated_total: data.length } } };
      return send(200, body);
    }
    if (list) {
      const data = list === 'discount.read' ? discounts.slice(0, 1) : [];
      const body: Paginated<unknown> = { data, meta: { ...meta, pagination: { per_page: 1, next: '', has_more: false, estimated_total: data.length } } };
      return send(200, body);
    }
    const found = discounts.find((d) => d.id === url.pathname.slice('/discounts/'.length));
    return found ? send(200, { data: found, meta }) : error(404, 'entity_not_found', 'Discount not found');
  }

  /** POST /discounts and PATCH /discounts/{id}: the body in Paddle's snake_case, its code rule enforced. */
  function writeDiscount(path: string, method: string, b: Record<string, unknown>, send: (s: number, b: unknown) => void, error: (s: number, c: string, d: string) => void, meta: Meta) {
    const taken = (code: unknown, self?: string) => typeof code === 'string' && discounts.find((d) => d.id !== self && d.code?.toLowerCase() === code.toLowerCase());
    const fields = (d: IDiscountResponse) => {
      for (const k of ['description', 'enabled_for_checkout', 'code', 'type', 'amount', 'currency_code', 'recur', 'maximum_recurring_intervals', 'custom_data', 'status'] as const) {
        if (k in b) (d as unknown as Record<string, unknown>)[k] = b[k];
      }
      d.updated_at = new Date().toISOString();
      return d;
    };
    if (typeof b.code === 'string' && !/^[A-Za-z0-9]{1,32}$/.test(b.code)) return error(400, 'invalid_field', 'code must match ^[a-zA-Z0-9]{1,32}$');
    if (method === 'POST' && path === '/discounts') {
      const other = taken(b.code);
      if (other) return error(409, 'discount_code_conflict', `Discount code conflicts with Discount ID ${other.id}`);
      if (b.type === 'flat' && !b.currency_code) return error(400, 'invalid_field', 'currency_code is required for flat discounts');
      const made = fields({ ...paddleDiscount({ code: String(b.code) }), custom_data: null });
      discounts.push(made);
      return send(201, { data: made, meta });
    }
    const found = method === 'PATCH' && discounts.find((d) => d.id === path.slice('/discounts/'.length));
    if (!found) return error(404, 'entity_not_found', 'Discount not found');
    const other = taken(b.code, found.id);
    if (other) return error(409, 'discount_code_conflict', `Discount code conflicts with Discount ID ${other.id}`);
    return send(200, { data: fields(found), meta });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    discounts,
    transactions,
    customers,
    billing,
    key: (key, withheld = []) => void keys.set(key, new Set(withheld)),
    requests,
    failNext: (count: number) => void (failing = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
