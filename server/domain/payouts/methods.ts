import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliatePayoutMethods, affiliates, workspaces } from '@/db/schema';
import { presentPayoutMethod } from '../../contracts/payout-method';
import { invalid, invalidState, notFound } from '../../errors/errors';
import { ProviderApiError } from '../../integrations/provider-api';
import { SecretUnavailable, openSecret, sealSecret } from '../../integrations/secret-box';
import { findIntegration, apiKeyOf } from '../../integrations/settings';
import { accountStatus, createExpressAccount, onboardingLink, retrieveAccount, type AccountStatus } from '../../integrations/stripe/connect-accounts';
import type Stripe from 'stripe';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { queueEmail } from '../mail/outbox';
import { paypalConfirmEmail } from '../mail/paypal-confirm-email';
import { loadRecord } from '../records';

// Payout methods per affiliate (docs/paying-affiliates.md#payout-methods): manual (the CSV, as
// before; no row means manual), PayPal (an address the affiliate confirms from an e-mail), or a
// Stripe Connect Express account the affiliate onboards at Stripe. A batch pays only a ready
// method (plan-payouts.ts skips the others with no_payout_method).

export type PayoutMethod = typeof affiliatePayoutMethods.$inferSelect;
type Fields = Pick<PayoutMethod, 'kind' | 'state' | 'stripeAccountId' | 'country' | 'paypalReceiver' | 'paypalConfirmedAt' | 'stateReason'>;

// A confirmation link survives a slow inbox, not a leaked mailbox months later.
export const PAYPAL_CONFIRM_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const whereOwn = (ctx: WorkspaceCtx, affiliateId: string) =>
  and(eq(affiliatePayoutMethods.workspaceId, ctx.workspaceId), eq(affiliatePayoutMethods.affiliateId, affiliateId));

/** The affiliate's method row, or undefined (manual). */
export async function findPayoutMethod(ctx: WorkspaceCtx, affiliateId: string, { lock = false } = {}): Promise<PayoutMethod | undefined> {
  const q = ctx.db.select().from(affiliatePayoutMethods).where(whereOwn(ctx, affiliateId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The affiliate's method as answered (manual and ready when none was chosen); not found outside the workspace. */
export async function getPayoutMethod(ctx: WorkspaceCtx, affiliateId: string) {
  await loadRecord(ctx, affiliates, affiliateId, () => notFound('affiliate'));
  return presentPayoutMethod(affiliateId, await findPayoutMethod(ctx, affiliateId));
}

/** Writes the method's fields (one row per affiliate) with its audit entry, in the caller's transaction. */
async function writeMethod(tx: DbOrTx, ctx: ActingCtx, affiliateId: string, before: PayoutMethod | undefined, fields: Fields): Promise<PayoutMethod> {
  const [row] = await tx
    .insert(affiliatePayoutMethods)
    .values({ workspaceId: ctx.workspaceId, affiliateId, ...fields })
    .onConflictDoUpdate({ target: [affiliatePayoutMethods.workspaceId, affiliatePayoutMethods.affiliateId], set: { ...fields, updatedAt: new Date() } })
    .returning();
  await addAuditEntryIfChanged(tx, ctx, 'payout_method.updated', { type: 'affiliate', id: affiliateId }, presentPayoutMethod(affiliateId, before), presentPayoutMethod(affiliateId, row));
  return row;
}

const EMPTY = { stripeAccountId: null, country: null, paypalReceiver: null, paypalConfirmedAt: null, stateReason: null } as const;

/** Manual: paid by hand from the CSV, ready at once. A Stripe account made earlier is kept for a later switch back. */
export async function chooseManual({ ctx, affiliateId }: { ctx: ActingCtx; affiliateId: string }): Promise<PayoutMethod> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await loadRecord(txCtx, affiliates, affiliateId, () => notFound('affiliate'));
    const before = await findPayoutMethod(txCtx, affiliateId, { lock: true });
    return writeMethod(tx, ctx, affiliateId, before, { ...EMPTY, kind: 'manual', state: 'ready', stripeAccountId: before?.stripeAccountId ?? null, country: before?.country ?? null });
  });
}

const confirmAad = (workspaceId: string, affiliateId: string) => `${workspaceId}:${affiliateId}:paypal-confirm`;

/**
 * PayPal at `receiver`: setting up until the affiliate opens the link e-mailed to the address
 * (queued in the same transaction). The token is sealed for this affiliate and this address: a
 * link for an earlier address, or another affiliate's, confirms nothing. Choosing the address
 * already confirmed changes nothing and sends nothing.
 */
export async function choosePaypal({ ctx, affiliateId, receiver, publicUrl }: { ctx: ActingCtx; affiliateId: string; receiver: string; publicUrl: string }): Promise<PayoutMethod> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const affiliate = await loadRecord(txCtx, affiliates, affiliateId, () => notFound('affiliate'));
    const before = await findPayoutMethod(txCtx, affiliateId, { lock: true });
    if (before?.kind === 'paypal' && before.paypalReceiver === receiver && before.paypalConfirmedAt) return before;
    const row = await writeMethod(tx, ctx, affiliateId, before, {
      ...EMPTY,
      kind: 'paypal',
      state: 'setting_up',
      stateReason: 'waiting for the PayPal address to be confirmed',
      paypalReceiver: receiver,
      stripeAccountId: before?.stripeAccountId ?? null,
      country: before?.country ?? null,
    });
    const token = sealSecret(JSON.stringify({ r: receiver, e: Date.now() + PAYPAL_CONFIRM_LIFETIME_MS }), confirmAad(ctx.workspaceId, affiliateId));
    const [ws] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, ctx.workspaceId));
    // A payer id is no address: the link goes to the affiliate's own e-mail then.
    const to = receiver.includes('@') ? receiver : (affiliate.payoutEmail ?? affiliate.email);
    if (!to) throw invalidState('a PayPal payer id is confirmed from your e-mail address: add one first');
    const message = paypalConfirmEmail({ workspaceName: ws.name, confirmUrl: `${publicUrl}/portal?confirm_paypal=${encodeURIComponent(token)}` });
    await queueEmail(tx, { workspaceId: ctx.workspaceId, kind: 'paypal_confirmation', to, ...message });
    return row;
  });
}

/** The confirmation link, opened by the signed-in affiliate: the PayPal method becomes ready. */
export async function confirmPaypal({ ctx, affiliateId, token }: { ctx: ActingCtx; affiliateId: string; token: string }): Promise<PayoutMethod> {
  let claim: { r?: unknown; e?: unknown };
  try {
    claim = JSON.parse(openSecret(token, confirmAad(ctx.workspaceId, affiliateId))) as typeof claim;
  } catch {
    // sealed for another affiliate, altered, or under other key material (NEXTAUTH_SECRET changed)
    throw invalid('token', 'this confirmation link is not valid for your account');
  }
  if (typeof claim.e !== 'number' || claim.e < Date.now()) throw invalid('token', 'this confirmation link has expired: choose PayPal again for a new one');
  return ctx.db.transaction(async (tx) => {
    const before = await findPayoutMethod({ ...ctx, db: tx }, affiliateId, { lock: true });
    if (before?.kind !== 'paypal' || before.paypalReceiver !== claim.r) throw invalidState('this link confirms an address that is no longer your PayPal payout method');
    if (before.paypalConfirmedAt) return before;
    return writeMethod(tx, ctx, affiliateId, before, { ...EMPTY, kind: 'paypal', state: 'ready', paypalReceiver: before.paypalReceiver, paypalConfirmedAt: new Date(), stripeAccountId: before.stripeAccountId, country: before.country });
  });
}

/** The workspace's Stripe API key, or a refusal saying what the manager must set up. */
async function stripeKeyOf(ctx: WorkspaceCtx): Promise<string> {
  const integration = await findIntegration({ ctx, provider: 'stripe' });
  let key: string | null = null;
  try {
    key = integration ? apiKeyOf(integration) : null;
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
  }
  if (!key) throw invalidState('this program does not pay through Stripe yet: its manager has to add a Stripe API key');
  return key;
}

const providerRefusal = (err: unknown): never => {
  if (err instanceof ProviderApiError) throw invalidState(`Stripe: ${err.message}`);
  throw err;
};

/**
 * Stripe Connect: makes the affiliate's Express account the first time (once per affiliate: the
 * stored account is reused, and the idempotency key covers a lost answer), sets the method to the
 * account's state as Stripe has it (setting up for a new one), and answers a fresh onboarding
 * link. The account's country is fixed once made.
 */
export async function startStripeOnboarding({ ctx, affiliateId, country, publicUrl }: { ctx: ActingCtx; affiliateId: string; country: string; publicUrl: string }): Promise<{ url: string; method: PayoutMethod }> {
  const affiliate = await loadRecord(ctx, affiliates, affiliateId, () => notFound('affiliate'));
  const key = await stripeKeyOf(ctx);
  const existing = await findPayoutMethod(ctx, affiliateId);
  if (existing?.stripeAccountId && existing.country && existing.country !== country) {
    throw invalid('country', `your Stripe account is in ${existing.country}: Stripe cannot move it`);
  }
  // An account made before is read as Stripe has it now (a switch back to Stripe may be ready at once).
  const account = existing?.stripeAccountId
    ? await retrieveAccount(key, existing.stripeAccountId).catch(providerRefusal)
    : await createExpressAccount(key, { workspaceId: ctx.workspaceId, affiliateId, country, email: affiliate.payoutEmail ?? affiliate.email }).catch(providerRefusal);
  const accountId = account.id;
  const status = accountStatus(account);
  const method = await ctx.db.transaction(async (tx) => {
    const before = await findPayoutMethod({ ...ctx, db: tx }, affiliateId, { lock: true });
    return writeMethod(tx, ctx, affiliateId, before, {
      ...EMPTY,
      kind: 'stripe_connect',
      state: status.state,
      stateReason: status.reason,
      stripeAccountId: accountId,
      country: before?.country ?? country,
    });
  });
  const link = await onboardingLink(key, { account: accountId, returnUrl: `${publicUrl}/portal?stripe=return`, refreshUrl: `${publicUrl}/portal?stripe=refresh` }).catch(providerRefusal);
  return { url: link.url, method };
}

/**
 * account.updated of an affiliate's Express account (server/integrations/stripe/account-updated.ts):
 * the method's state follows Stripe's status. Only this workspace's methods are looked at, so
 * another workspace's account changes nothing. Answers null when no method has this account.
 */
export async function applyStripeAccountStatus({ ctx, account }: { ctx: ActingCtx; account: Pick<Stripe.Account, 'id' | 'payouts_enabled' | 'capabilities' | 'requirements' | 'details_submitted'> }): Promise<{ method: PayoutMethod; status: AccountStatus; changed: boolean } | null> {
  const status = accountStatus(account);
  const [before] = await ctx.db
    .select()
    .from(affiliatePayoutMethods)
    .where(and(eq(affiliatePayoutMethods.workspaceId, ctx.workspaceId), eq(affiliatePayoutMethods.stripeAccountId, account.id)))
    .for('update');
  if (!before) return null;
  // Another method chosen since: the method stays as chosen (a switch back reads Stripe's state again).
  if (before.kind !== 'stripe_connect') return { method: before, status, changed: false };
  const method = await writeMethod(ctx.db, ctx, before.affiliateId, before, { ...EMPTY, kind: 'stripe_connect', state: status.state, stateReason: status.reason, stripeAccountId: before.stripeAccountId, country: before.country });
  return { method, status, changed: true };
}
