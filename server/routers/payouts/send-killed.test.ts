import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { affiliatePayoutMethods, commissions, payoutBatches, payouts, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { createScratchDatabase } from '../../testing/database';
import { describeWith } from '../../testing/requirements';
import { TEST_ACTOR } from '../../testing/seed';
import { SECRET } from '../../testing/stripe/harness';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { sid } from '../../testing/stripe/ids';
import { finishStuckPayouts } from '../../integrations/payout-rails';
import { setProviderApiBases } from '../../integrations/provider-api';
import { saveIntegration } from '../../integrations/settings';
import { stripe } from '../../integrations/stripe/provider';

// kill -9 during a send (docs/paying-affiliates.md#never-paid-twice): a real app node in its own
// process sends a batch through Stripe, and is killed the moment Stripe has made the second
// transfer but before its answer arrives. The recovery job then finishes every line: each is
// paid exactly once, and Stripe (the fake, behind a proxy that swallows that one answer) made
// exactly one transfer per line. Two processes on one database: PostgreSQL in both suites.

await describeWith('postgres', 'a send killed with SIGKILL half way', (server) => {
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: TestApi;
  let fake: FakeStripe;
  let proxy: Server;
  let node: ChildProcess | undefined;
  // Resolved when Stripe has made the transfer whose answer the proxy holds back.
  let held: () => void;
  const transferHeld = new Promise<void>((resolve) => (held = resolve));

  beforeAll(async () => {
    target = await createScratchDatabase(server, 'kill');
    const database = await openDatabase({ url: target.url, max: 5 });
    await migrate(database);
    api = await startTestApi({}, database);
    fake = await startFakeStripe();
    setProviderApiBases({ stripe: fake.url });
    // Between the killed node and Stripe: the second transfer reaches Stripe, its answer never comes back.
    let transfers = 0;
    proxy = createServer((req, res) => {
      const second = req.method === 'POST' && req.url === '/v1/transfers' && ++transfers === 2;
      const upstream = request(fake.url + req.url, { method: req.method, headers: req.headers }, (answer) => {
        if (second) return void answer.resume().on('end', () => held());
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    node?.kill('SIGKILL');
    proxy?.closeAllConnections();
    await new Promise((resolve) => proxy?.close(resolve));
    await fake?.close();
    await api?.close();
    await target?.drop();
  });

  it('leaves no line paid twice: the restart finishes each line under its idempotency key', async () => {
    const ws = await moneyWorkspace(api, ['*']);
    await api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, ws.id));
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    fake.key(key);
    const ctx = { db: api.db, workspaceId: ws.id, actor: TEST_ACTOR };
    await saveIntegration({ ctx, provider: stripe, patch: { secret: SECRET, apiKey: key } });
    const accounts: string[] = [];
    for (const amount of [1100, 2200, 3300]) {
      const a = await moneyAffiliate(api, ws);
      const account = `acct_${sid('x').slice(2, 18)}`;
      await api.db.insert(affiliatePayoutMethods).values({ workspaceId: ws.id, affiliateId: a.affiliate.id, kind: 'stripe_connect', state: 'ready', stripeAccountId: account });
      await a.earn({ amount, status: 'approved' });
      accounts.push(account);
    }
    const created = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(created.status).toBe(201);
    const batchId = created.body.data[0].batch_id as string;

    // The app node that will be killed: /v1 in its own process, Stripe behind the proxy.
    node = spawn(process.execPath, ['--import', 'tsx', 'server/testing/peer-node.ts'], {
      env: { ...process.env, DATABASE_URL: target.url, STRIPE_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => node!.once('exit', resolve));
    const nodeUrl = (await createInterface({ input: node.stdout! })[Symbol.asyncIterator]().next()).value as string;
    const sending = fetch(`${nodeUrl}/v1/payout-batches/${batchId}/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ws.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: true }),
    }).catch((err: unknown) => err);
    await transferHeld;
    node.kill('SIGKILL');
    await exited;
    expect(await sending).toBeInstanceOf(Error); // the caller never got an answer

    // What the kill left: two transfers made, one line paid, the other two still processing.
    const lines = () => api.db.select().from(payouts).where(eq(payouts.batchId, batchId)).orderBy(payouts.id);
    expect(fake.account.transfers).toHaveLength(2);
    expect((await lines()).map((l) => l.status).sort()).toEqual(['paid', 'processing', 'processing']);
    const [batch] = await api.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    expect(batch.state).toBe('sent');

    // The recovery job, once the lines have waited past the send's own window.
    const { finished } = await finishStuckPayouts(api.db, new Date(Date.now() + 10 * 60_000));
    expect(finished).toBe(2);
    const after = await lines();
    expect(after.map((l) => l.status)).toEqual(['paid', 'paid', 'paid']);
    expect(fake.account.transfers).toHaveLength(3);
    for (const account of accounts) expect(fake.account.transfers.filter((t) => t.destination === account)).toHaveLength(1);
    // Each line names the one transfer made for it; every commission is paid.
    for (const line of after) expect(fake.account.transfers.find((t) => t.id === line.providerRef)?.metadata).toEqual({ refcount_payout_id: line.id });
    const earned = await api.db.select().from(commissions).where(eq(commissions.workspaceId, ws.id));
    expect(earned.map((c) => c.status)).toEqual(['paid', 'paid', 'paid']);

    // A second run finds nothing left to do and sends nothing.
    expect((await finishStuckPayouts(api.db, new Date(Date.now() + 10 * 60_000))).finished).toBe(0);
    expect(fake.account.transfers).toHaveLength(3);
  }, 120_000);
});
