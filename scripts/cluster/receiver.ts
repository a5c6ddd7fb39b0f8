import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on 127.0.0.1 counting deliveries by endpoint (the path) and webhook-id.

export async function startReceiver(port: number) {
  const seen = new Map<string, Map<string, number>>();
  const server = createServer((req, res) => {
    const id = String(req.headers['webhook-id'] ?? '');
    const byId = seen.get(req.url ?? '/') ?? new Map<string, number>();
    seen.set(req.url ?? '/', byId);
    req.resume();
    req.on('end', () => {
      byId.set(id, (byId.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** Deliveries and distinct webhook-ids at `path`, and how many ids came more than once. */
    counts(path: string) {
      const byId = seen.get(path) ?? new Map<string, number>();
      let deliveries = 0;
      let duplicates = 0;
      for (const n of byId.values()) {
        deliveries += n;
        if (n > 1) duplicates += n - 1;
      }
      return { deliveries, ids: new Set(byId.keys()), duplicates };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
