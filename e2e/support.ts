import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';

// What the specs share: the demo login, the seeded demo workspace (e2e/serve.mjs writes it), screenshots.

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'refcount-demo' };

const port = Number(process.env.E2E_PORT ?? 3210);
/** The demo workspace's API key (scopes *) and public id, as e2e/serve.mjs seeded them. */
export const demo = () => JSON.parse(readFileSync(join(tmpdir(), `refcount-e2e-demo-${port}.json`), 'utf8')) as { token: string; publicId: string };

/** Screenshots for review land in test-results/screens/ (outside Playwright's own output folder, which it wipes). */
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

export async function signIn(page: Page, email = DEMO_LOGIN.email, password = DEMO_LOGIN.password) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A manager (on `page`, signed in) adds a viewer in Settings; the viewer signs in in its own
 * browser context. Close the returned context when done.
 */
export async function addViewer(page: Page, browser: Browser, prefix = 'viewer') {
  const email = `${prefix}-${Date.now()}@example.com`;
  await page.goto('/dashboard/settings');
  await page.getByLabel('Teammate e-mail').fill(email);
  await page.getByLabel('First password').fill('viewer-pass');
  await page.getByLabel('Role').selectOption('viewer');
  await page.getByRole('button', { name: 'Add teammate' }).click();
  await expect(page.getByText(`${email} can now sign in as viewer.`)).toBeVisible();
  const ctx = await browser.newContext();
  const viewer = await ctx.newPage();
  await signIn(viewer, email, 'viewer-pass');
  return { viewer, ctx, email };
}

const mailbox = () => join(tmpdir(), `refcount-e2e-mail-${port}.jsonl`);
type Mail = { to: string[]; subject: string; text: string; html?: string | null; headers?: Record<string, string> };

const mails = () => readFileSync(mailbox(), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Mail);

/**
 * The newest e-mail the app sent to `address` through the e2e SMTP server (e2e/serve.mjs), once it
 * has arrived; with `matching`, the newest whose text matches (demo affiliates also get the
 * program's e-mails about their commissions and payouts, docs/emails.md).
 */
export async function mailTo(address: string, after = 0, matching?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mails()
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(address) && (!matching || matching.test(m.text)));
        return !!found;
      },
      { message: `an e-mail to ${address}`, timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  return found!;
}

/** How many e-mails have arrived so far: pass it to mailTo to wait for a newer one. */
export const mailCount = () => mails().length;

/** The e-mails to `address` since `after` (mailCount). */
export const mailsTo = (address: string, after = 0) => mails().slice(after).filter((m) => m.to.includes(address));
