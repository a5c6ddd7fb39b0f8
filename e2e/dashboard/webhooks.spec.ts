import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signIn } from '../support';

// A manager adds an endpoint pointing at a real receiver, sends a test ping, and the receiver gets a
// request signed with the secret the page showed once. (e2e/serve.mjs allows 127.0.0.1 targets.)
type Received = { headers: IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/refcount`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

test('an endpoint is created, shows its secret once, and a test ping arrives signed', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto('/dashboard/webhooks');
    const form = page.getByRole('form', { name: 'Add webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('e2e receiver');
    await form.getByLabel('All events, including future ones').uncheck();
    await form.getByLabel('commission.created').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveText(/^whsec_/);
    const whsec = (await secret.textContent())!.trim();
    const item = page.getByRole('listitem', { name: `Endpoint ${receiver.url}` });
    await expect(item).toContainText('commission.created');
    await page.screenshot({ path: 'test-results/screens/webhooks.png', fullPage: true });

    await item.getByRole('button', { name: 'Send test' }).click();
    await expect(item.getByText(/^Ping delivered \(204, \d+ ms\)\.$/)).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    // Verifies signature, id and timestamp with the secret shown once; throws if any is wrong.
    const event = new Webhook(whsec).verify(ping.body, {
      'webhook-id': String(ping.headers['webhook-id']),
      'webhook-timestamp': String(ping.headers['webhook-timestamp']),
      'webhook-signature': String(ping.headers['webhook-signature']),
    }) as { type: string };
    expect(event.type).toBe('ping');

    await item.getByRole('button', { name: 'Deliveries' }).click();
    const log = item.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByRole('row').nth(1)).toContainText('succeeded');
    await expect(log.getByRole('row').nth(1)).toContainText('204');
    await page.screenshot({ path: 'test-results/screens/webhook-deliveries.png', fullPage: true });

    // The secret is shown once: after a reload only the endpoint remains.
    await page.reload();
    await expect(page.getByRole('listitem', { name: `Endpoint ${receiver.url}` })).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('a URL delivery would refuse is refused with a reason and nothing is created', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/webhooks');
  const form = page.getByRole('form', { name: 'Add webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill('ftp://files.example.com/hooks');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText(/url/i);
  await expect(page.getByRole('listitem', { name: 'Endpoint ftp://files.example.com/hooks' })).toHaveCount(0);
});
