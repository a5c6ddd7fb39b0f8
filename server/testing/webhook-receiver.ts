import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test support: a real webhook receiver on 127.0.0.1 that records what arrives.
export type Received = { headers: IncomingHttpHeaders; body: string; at: number };
export type Reply = { status: number; headers?: Record<string, string>; body?: string };
export type Responder = (req: Received, nth: number) => Reply;

export async function startReceiver(responder: Responder = () => ({ status: 200 })) {
  const received: Received[] = [];
  let respond = responder;
  let server: Server | null = null;
  let port = 0;

  async function listen() {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        received.push(r);
        const reply = respond(r, received.length);
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  }

  async function down() {
    const s = server;
    server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }

  await listen();
  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}/hook`;
    },
    get port() {
      return port;
    },
    reply: (r: Responder) => (respond = r),
    /** Stops listening; `up()` listens again on the same port. */
    down,
    up: listen,
    close: down,
    ids: () => received.map((r) => String(r.headers['webhook-id'])),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls until `check` holds (or fails the test after `ms`). */
export async function eventually<T>(check: () => Promise<T | false | undefined | null> | T | false | undefined | null, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
