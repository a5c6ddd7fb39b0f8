// How many events per second one worker delivers to a local receiver:
//   npx tsx server/jobs/measure-webhook-throughput.ts [events]          (in-memory PGlite)
//   DATABASE_URL=postgres://… npx tsx server/jobs/measure-webhook-throughput.ts [events]
// The events are written first; the clock runs from the worker's start until the receiver has
// acknowledged every one (dispatch, signing, HTTP and bookkeeping included).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { systemActor } from '../domain/context';
import { recordEvent } from '../domain/events/record-event';
import { createEndpoint } from '../domain/webhooks/write-endpoint';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { readConfig } from '../lib/env';
import { openTestDatabase, prepareTemplate } from '../testing/database';
import { startJobRunner } from './start';

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
      await recordEvent(tx, ws.id, 'conversion.created', 'conversion', { id: String(j), amount: 4999, currency: 'usd' });
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
