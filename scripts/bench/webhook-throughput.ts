// How many events per second one worker delivers to a local receiver:
//   npm run bench:webhooks -- [events]                                  (in-memory PGlite)
//   DATABASE_URL=postgres://… npm run bench:webhooks -- [events]
// The events are written first; the clock runs from the worker's start until the receiver has
// acknowledged every one (dispatch, signing, HTTP and bookkeeping included).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { systemActor } from '../../server/domain/context';
import { emitEvent } from '../../server/domain/events/emit-event';
import { createEndpoint } from '../../server/domain/webhooks/write-endpoint';
import { createWorkspace } from '../../server/domain/workspaces/create-workspace';
import { readConfig } from '../../server/lib/env';
import { openTestDatabase, prepareTemplate } from '../../server/testing/database';
import { startJobRunner } from '../../server/jobs/start';

const total = Number(process.argv[2] ?? 5000);
const dropTemplate = process.env.DATABASE_URL ? await prepareTemplate(process.env.DATABASE_URL) : undefined;
const database = await openTestDatabase();
// The receiver runs in its own process, as a real one would: it does not share our CPU.
const RECEIVER = `
  const seen = new Set();
  const server = require('node:http').createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.add(req.headers['webhook-id']);
      res.writeHead(204).end();
      if (seen.size === ${total}) process.stdout.write('done\\n');
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;
const receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const lines = createInterface({ input: receiver.stdout! });
const port = await new Promise<string>((resolve) => lines.once('line', resolve));
const allIn = new Promise<void>((resolve) => lines.on('line', (l) => l === 'done' && resolve()));
const url = `http://127.0.0.1:${port}/hook`;

const ws = await createWorkspace(database.db, { name: 'Throughput' });
const ctx = { db: database.db, workspaceId: ws.id, actor: systemActor('seed') };
await createEndpoint({ ctx, settings: { allowPrivateUrls: true, retryScale: 1, timeoutMs: 10_000 }, input: { url, events: ['*'] } });
for (let i = 0; i < total; i += 500) {
  await database.db.transaction(async (tx) => {
    for (let j = i; j < Math.min(i + 500, total); j++) {
      await emitEvent({ ctx: { db: tx, workspaceId: ws.id }, type: 'conversion.created', object: 'conversion', record: { id: String(j), amount: 4999, currency: 'usd' } });
    }
  });
}

const config = readConfig({ ...process.env, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const started = performance.now();
const runner = await startJobRunner({ database, config });
await allIn;
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${database.driver}: ${total} events delivered in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} events/s (one worker)\n`,
);
await runner.stop();
receiver.kill();
await database.close();
await dropTemplate?.();
