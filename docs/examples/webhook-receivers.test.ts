import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '@/db/schema';
import { newSigningSecret } from '@/server/domain/webhooks/secrets';
import { webhookMessage } from '@/server/domain/webhooks/webhook-message';
import { startJobRunner } from '@/server/jobs/start';
import { eventually } from '@/server/testing/webhook-receiver';
import { startTestApi, type TestApi } from '@/server/testing/api';
import { describeWith } from '@/server/testing/requirements';

// The receivers of docs/webhooks.md, run as a reader would run them, against deliveries signed by
// Refcount itself: test pings, events sent by the job runner, and forged requests.

let api: TestApi;
let runner: Awaited<ReturnType<typeof startJobRunner>>;
const stops: (() => void)[] = [];
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  runner = await startJobRunner({ database: api.database, config: api.services.config, webhooks: { retryScale: 0.0001 } });
});
afterAll(async () => {
  stops.forEach((stop) => stop());
  await runner?.stop();
  await api?.close();
});

/** Starts an example on a free port; resolves once it says where it listens. */
function startExample(command: string, file: string, secret: string) {
  const child = spawn(command, [file], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0', HOST: '127.0.0.1' } });
  stops.push(() => child.kill());
  const lines: string[] = [];
  return new Promise<{ url: string; lines: string[] }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const listening = /^listening on (http:\S+)$/.exec(line);
      if (listening) resolve({ url: listening[1], lines });
    });
  });
}

function exampleSuite(command: string, file: string) {
  let token: string;
  let endpoint: { id: string; secret: string };
  let example: { url: string; lines: string[] };
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { token, body });

  beforeAll(async () => {
    token = (await api.workspace(['*'])).token;
    endpoint = (await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['campaign.created'] })).body.data;
    example = await startExample(command, file, endpoint.secret);
    expect((await call('PATCH', `/v1/webhooks/${endpoint.id}`, { url: example.url })).status).toBe(200);
  });

  it('accepts a signed test ping', async () => {
    const ping = await call('POST', `/v1/webhooks/${endpoint.id}/test`);
    expect(ping.body.data).toMatchObject({ event_type: 'ping', status: 'succeeded', response_status: 204 });
    await eventually(() => example.lines.includes(`ping ${ping.body.data.event_id}`));
  });

  it('accepts an event delivered by the job runner', async () => {
    const campaign = (await call('POST', '/v1/campaigns', { name: 'Signed launch' })).body.data;
    const delivered = await eventually(async () => {
      const [d] = (await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=succeeded`)).body.data;
      return d?.event_type === 'campaign.created' && d;
    });
    expect(delivered).toMatchObject({ attempts: 1, response_status: 204 });
    const [event] = await api.db.select().from(webhookEvents).where(eq(webhookEvents.id, delivered.event_id));
    expect(event.payload).toMatchObject({ data: { id: campaign.id } });
    await eventually(() => example.lines.includes(`campaign.created ${delivered.event_id}`));
  });

  it('rejects a changed body, an old timestamp, another secret and missing headers', async () => {
    const [event] = await api.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'campaign.created')).limit(1);
    const signer = (secret: string) => ({ secret, previousSecret: null, previousSecretExpiresAt: null });
    const post = (headers: Record<string, string>, body: string) =>
      fetch(example.url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }).then((r) => r.status);
    const genuine = webhookMessage(signer(endpoint.secret), event.payload, new Date());
    expect(await post(genuine.headers, genuine.body)).toBe(204);
    expect(await post(genuine.headers, genuine.body.replace('Signed launch', 'Signed lunch'))).toBe(400);
    const old = webhookMessage(signer(endpoint.secret), event.payload, new Date(Date.now() - 10 * 60_000));
    expect(await post(old.headers, old.body)).toBe(400);
    const forged = webhookMessage(signer(newSigningSecret()), event.payload, new Date());
    expect(await post(forged.headers, forged.body)).toBe(400);
    expect(await post({}, genuine.body)).toBe(400);
    // the example logs before it answers, but its output may reach us after the answer does
    await eventually(() => example.lines.filter((l) => l.startsWith('rejected: ')).length === 4);
  });

  it('keeps accepting the old secret for a day after a rotation', async () => {
    const rotated = await call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    const ping = await call('POST', `/v1/webhooks/${endpoint.id}/test`);
    expect(ping.body.data).toMatchObject({ status: 'succeeded', response_status: 204 });
  });
}

describe('Node example (docs/examples/webhook-receiver.mjs)', () => exampleSuite(process.execPath, 'docs/examples/webhook-receiver.mjs'));
await describeWith('python3', 'Python example (docs/examples/webhook_receiver.py)', () => exampleSuite('python3', 'docs/examples/webhook_receiver.py'));

it('docs/webhooks.md shows both examples exactly as they run here', () => {
  const page = readFileSync('docs/webhooks.md', 'utf8');
  for (const file of ['docs/examples/webhook-receiver.mjs', 'docs/examples/webhook_receiver.py']) {
    const language = file.endsWith('.py') ? 'python' : 'js';
    expect(page).toContain(`\`\`\`${language}\n${readFileSync(file, 'utf8')}\`\`\``);
  }
});
