import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatePayoutRequest, ItemStatus, PayoutItem } from '../../integrations/paypal/api';

// A local stand-in for PayPal's REST API at its HTTP edge: a real node:http server answering only
// what Refcount calls (OAuth token, POST/GET payouts, GET an item, verify-webhook-signature), so
// PayPal's official Payouts SDK, pointed here, runs as it would against PayPal. As PayPal does,
// it makes a sender_batch_id once per app and refuses it again with a link to the batch it made;
// items start PENDING and end when the test settles them. It signs the webhook events it builds
// with a key of its own, which its verify-webhook-signature checks (PayPal's is a certificate).

export type FakeBatch = { id: string; clientId: string; senderBatchId: string; items: PayoutItem[] };
export type SignedDelivery = { body: string; headers: Record<string, string> };

const rid = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;
// PayPal names an item's event after its state, mostly.
const EVENT_OF: Partial<Record<ItemStatus, string>> = { SUCCESS: 'SUCCEEDED', ONHOLD: 'HELD' };

export async function startFakePaypal(port = 0) {
  const apps = new Map<string, string>(); // client id → secret
  const webhooks = new Map<string, string>(); // webhook id → client id
  const tokens = new Map<string, string>(); // access token → client id
  const batches = new Map<string, FakeBatch>();
  const bySender = new Map<string, string>(); // `${client} ${sender_batch_id}` → batch id
  const fates = new Map<string, { status: ItemStatus; error?: string }>(); // receiver → how its items end
  const signingKey = randomBytes(32);
  const requests: { method: string; path: string; body?: unknown }[] = [];
  let dropping = 0;
  let hanging = 0;
  const held = new Set<ServerResponse>();
  let failing = 0;

  const sign = (id: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', signingKey).update(`${id}|${time}|${webhookId}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`).digest('base64');

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString()));
  });

  function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    const json = (req.headers['content-type'] ?? '').startsWith('application/json') && raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    requests.push({ method: req.method ?? 'GET', path: p + url.search, ...(json ? { body: json } : {}) });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, name: string, message: string, extra: Record<string, unknown> = {}) => send(status, { name, message, debug_id: rid(''), ...extra });
    if (req.method === 'POST' && p === '/v1/oauth2/token') {
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
      if (!apps.has(id) || apps.get(id) !== secret) return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = rid('A21AA');
      tokens.set(token, id);
      return send(200, { scope: 'https://uri.paypal.com/services/payments/payouts', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: rid('') });
    }
    const client = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!client) return error(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    if (failing > 0) {
      failing--;
      return error(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.');
    }
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && p === '/v1/payments/payouts') {
      const body = json as CreatePayoutRequest;
      const sender = body.sender_batch_header.sender_batch_id;
      const made = bySender.get(`${client} ${sender}`);
      if (made) {
        return error(400, 'USER_BUSINESS_ERROR', 'User business error.', {
          details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists` }],
          links: [{ href: `${api.url}/v1/payments/payouts/${made}`, rel: 'self', method: 'GET', encType: 'application/json' }],
        });
      }
      if (body.items.length > 15_000) return error(400, 'VALIDATION_ERROR', 'Invalid request - see details.');
      const id = rid('PB');
      const items = body.items.map((it) => ({
        payout_item_id: rid('PI'),
        transaction_status: 'PENDING' as ItemStatus,
        payout_batch_id: id,
        payout_item: { recipient_type: it.recipient_type, amount: it.amount, receiver: it.receiver, sender_item_id: it.sender_item_id },
      }));
      batches.set(id, { id, clientId: client, senderBatchId: sender, items });
      bySender.set(`${client} ${sender}`, id);
      if (dropping > 0) {
        // made, but the answer is lost: the connection drops
        dropping--;
        return void res.destroy();
      }
      if (hanging > 0) {
        // made, but no answer comes: the client times out
        hanging--;
        return void held.add(res);
      }
      return send(201, { batch_header: { payout_batch_id: id, batch_status: 'PENDING', sender_batch_header: body.sender_batch_header }, links: [] });
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(p))) {
      const batch = batches.get(decodeURIComponent(m[1]));
      if (!batch || batch.clientId !== client) return error(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
      const [page, size] = [Number(url.searchParams.get('page') ?? 1), Math.min(Number(url.searchParams.get('page_size') ?? 1000), 1000)];
      const items = batch.items.slice((page - 1) * size, page * size);
      const status = batch.items.every((i) => i.transaction_status !== 'PENDING') ? 'SUCCESS' : 'PROCESSING';
      return send(200, { batch_header: { payout_batch_id: batch.id, batch_status: status, sender_batch_header: { sender_batch_id: batch.senderBatchId } }, items, total_items: batch.items.length, total_pages: Math.ceil(batch.items.length / size) });
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(p))) {
      const item = [...batches.values()].filter((b) => b.clientId === client).flatMap((b) => b.items).find((i) => i.payout_item_id === decodeURIComponent(m![1]));
      return item ? send(200, item) : error(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
    }
    if (req.method === 'POST' && p === '/v1/notifications/verify-webhook-signature') {
      const b = json as Record<string, string> & { webhook_event: unknown };
      if (webhooks.get(b.webhook_id) !== client) return error(404, 'INVALID_RESOURCE_ID', 'Webhook id not found');
      const ok = b.transmission_sig === sign(b.transmission_id, b.transmission_time, b.webhook_id, b.webhook_event);
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return error(404, 'NOT_FOUND', `no route ${req.method} ${p}`);
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const allItems = () => [...batches.values()].flatMap((b) => b.items);
  const api = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    batches,
    /** A REST app this fake accepts, and its webhook. */
    app(clientId: string, secret: string, webhookId: string) {
      apps.set(clientId, secret);
      webhooks.set(webhookId, clientId);
    },
    /** Every item made, over all batches: one per line paid, however often a call was repeated. */
    items: allItems,
    /** Items to `receiver` end in `status` (FAILED, with PayPal's error name) when settled. */
    fate: (receiver: string, status: ItemStatus, error?: string) => void fates.set(receiver, { status, error }),
    /** Ends every PENDING item (SUCCESS unless its receiver has a fate); answers the items it ended. */
    settle(): PayoutItem[] {
      const ended = allItems().filter((i) => i.transaction_status === 'PENDING');
      for (const i of ended) {
        const f = fates.get(i.payout_item.receiver);
        i.transaction_status = f?.status ?? 'SUCCESS';
        if (f?.error) i.errors = { name: f.error, message: `${f.error} (fake)` };
      }
      return ended;
    },
    /** Sets an item's state later (an unclaimed item RETURNED, a REFUNDED one). */
    setStatus(item: PayoutItem, status: ItemStatus) {
      item.transaction_status = status;
    },
    /** The item's event as PayPal delivers it to `webhookId`, signed; `badSignature` spoils the signature. */
    delivery(item: PayoutItem, webhookId: string, { badSignature = false } = {}): SignedDelivery {
      const event = {
        id: rid('WH-'),
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: `PAYMENT.PAYOUTS-ITEM.${EVENT_OF[item.transaction_status] ?? item.transaction_status}`,
        summary: `A payout item is ${item.transaction_status.toLowerCase()}`,
        resource: structuredClone(item),
      };
      const [id, time] = [randomBytes(8).toString('hex'), new Date().toISOString()];
      const sig = sign(id, time, webhookId, event);
      return {
        body: JSON.stringify(event),
        headers: {
          'paypal-transmission-id': id,
          'paypal-transmission-time': time,
          // spoiled by changing its first character (replacing it with a fixed one kept it as it was 1 time in 64)
          'paypal-transmission-sig': badSignature ? `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` : sig,
          'paypal-cert-url': `${api.url}/v1/notifications/certs/CERT-FAKE`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    /** The next `n` payout calls are made but their answers are lost. */
    dropNext: (n: number) => void (dropping = n),
    /** The next `n` payout calls are made but never answered (the client's timeout ends them). */
    hangNext: (n: number) => void (hanging = n),
    /** The next `n` authenticated calls answer 500 and make nothing. */
    failNext: (n: number) => void (failing = n),
    close: () => {
      for (const res of held) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
