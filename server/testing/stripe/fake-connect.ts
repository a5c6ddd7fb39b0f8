import type Stripe from 'stripe';
import { sid } from './ids';

// The Stripe fake's Connect Express accounts of affiliates (docs/paying-affiliates.md#payout-methods):
// POST /v1/accounts, POST /v1/account_links, and the onboarding page an account link points at
// (`${url}/onboarding/{acct}`), which, opened, completes the account, lets the test deliver
// `account.updated` (onOnboarded) and sends the browser to the link's return_url, as Stripe does.

export type FakeConnect = {
  accounts: Stripe.Account[];
  links: (Stripe.AccountLink & { account: string; return_url: string; refresh_url: string })[];
  /** Called when the onboarding page completes an account, before it redirects (send account.updated here). */
  onOnboarded?: (account: Stripe.Account) => Promise<void> | void;
  /** Marks the account able to receive transfers and payouts. */
  complete(id: string): Stripe.Account;
  /** Stripe restricts the account: disabled_reason and what it still needs. */
  restrict(id: string, reason: string, due: string[]): Stripe.Account;
};

type Send = (status: number, body: unknown) => void;
type Fail = (status: number, message: string, type?: string, code?: string) => void;

const now = () => Math.floor(Date.now() / 1000);

function accountOf(b: Record<string, unknown>): Stripe.Account {
  const tos = b.tos_acceptance as { service_agreement?: string } | undefined;
  // the fields Refcount reads, in Stripe's shape; the rest of the object is not modelled
  return {
    id: sid('acct'),
    object: 'account',
    type: 'express',
    country: String(b.country ?? 'US'),
    email: typeof b.email === 'string' ? b.email : null,
    created: now(),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities: { transfers: 'inactive' },
    metadata: (b.metadata as Record<string, string>) ?? {},
    requirements: { currently_due: ['individual.first_name', 'external_account'], disabled_reason: 'requirements.past_due', eventually_due: [], past_due: [], pending_verification: [], alternatives: [], current_deadline: null, errors: [] },
    tos_acceptance: { service_agreement: tos?.service_agreement ?? 'full' },
  } as unknown as Stripe.Account;
}

export function fakeConnect(url: () => string): FakeConnect & {
  write(path: string, form: Record<string, unknown>, send: Send, error: Fail): boolean;
  read(path: string, send: Send, error: Fail): boolean;
  page(path: string, res: { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown }): boolean;
} {
  const accounts: Stripe.Account[] = [];
  const links: FakeConnect['links'] = [];
  const find = (id: string) => {
    const a = accounts.find((x) => x.id === id);
    if (!a) throw new Error(`fake Stripe: no account ${id}`);
    return a;
  };
  const connect = {
    accounts,
    links,
    onOnboarded: undefined as FakeConnect['onOnboarded'],
    complete(id: string) {
      const a = find(id);
      Object.assign(a, { charges_enabled: a.country === 'US', payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } });
      Object.assign(a.requirements!, { currently_due: [], disabled_reason: null });
      return a;
    },
    restrict(id: string, reason: string, due: string[]) {
      const a = find(id);
      Object.assign(a, { payouts_enabled: false, details_submitted: true, capabilities: { transfers: 'inactive' } });
      Object.assign(a.requirements!, { currently_due: due, disabled_reason: reason });
      return a;
    },
    write(path: string, b: Record<string, unknown>, send: Send, error: Fail): boolean {
      if (path === '/v1/accounts') {
        if (b.type !== 'express') return (error(400, 'Only express accounts are modelled by this fake.'), true);
        if (!/^[A-Z]{2}$/.test(String(b.country ?? ''))) return (error(400, `Invalid country: ${String(b.country)}`), true);
        const made = accountOf(b);
        accounts.push(made);
        return (send(200, made), true);
      }
      if (path === '/v1/account_links') {
        const account = accounts.find((a) => a.id === b.account);
        if (!account) return (error(400, `No such account: '${String(b.account)}'`, 'invalid_request_error', 'resource_missing'), true);
        if (b.type !== 'account_onboarding' || !b.return_url || !b.refresh_url) return (error(400, 'Missing required param: return_url, refresh_url or type.'), true);
        const link = { object: 'account_link' as const, created: now(), expires_at: now() + 300, url: `${url()}/onboarding/${account.id}`, account: account.id, return_url: String(b.return_url), refresh_url: String(b.refresh_url) };
        links.push(link);
        return (send(200, link), true);
      }
      return false;
    },
    read(path: string, send: Send, error: Fail): boolean {
      const m = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      if (!m) return false;
      const a = accounts.find((x) => x.id === m[1]);
      if (a) send(200, a);
      else error(404, `No such account: '${m[1]}'`, 'invalid_request_error', 'resource_missing');
      return true;
    },
    page(path: string, res: { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown }): boolean {
      const m = /^\/onboarding\/([^/]+)$/.exec(path);
      if (!m) return false;
      const link = [...links].reverse().find((l) => l.account === m[1]);
      if (!link) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('no onboarding link for this account');
        return true;
      }
      const account = connect.complete(link.account);
      void Promise.resolve(connect.onOnboarded?.(account)).then(
        () => (res.writeHead(302, { Location: link.return_url }), res.end()),
        () => (res.writeHead(500, { 'Content-Type': 'text/plain' }), res.end('onOnboarded failed')),
      );
      return true;
    },
  };
  return connect;
}
