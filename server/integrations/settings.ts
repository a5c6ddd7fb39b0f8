import { and, eq } from 'drizzle-orm';
import { integrations } from '@/db/schema';
import { invalid } from '../errors/errors';
import { addAuditEntry } from '../domain/audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../domain/context';
import { apiKeyKind } from './api-keys';
import { codesFollowNewKey } from './codes/due';
import type { Integration, PaymentProvider } from './provider';
import { ProviderApiError } from './provider-api';
import { openSecret, sealSecret, secretAad } from './secret-box';

/** `apiKey: null` removes the key; absent leaves it as it is. `clientId`, `webhookId`, `environment`: PayPal's. */
export type IntegrationPatch = {
  secret?: string;
  amountBasis?: Integration['amountBasis'];
  apiKey?: string | null;
  connectSecret?: string | null;
  clientId?: string;
  webhookId?: string;
  environment?: 'live' | 'sandbox';
};

export async function findIntegration({ ctx, provider }: { ctx: WorkspaceCtx; provider: string }): Promise<Integration | undefined> {
  const { db, workspaceId } = ctx;
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.workspaceId, workspaceId), eq(integrations.provider, provider)));
  return row;
}

/** The signing secret in clear, for verification only: never logged, never answered. */
export const signingSecret = (row: Integration) => openSecret(row.secretSealed, secretAad(row.workspaceId, row.provider));

// The Connect endpoint's secret has additional data of its own, like the API key's.
const connectAad = (workspaceId: string, provider: string) => `${secretAad(workspaceId, provider)}:connect`;

/**
 * Every secret an event of this integration may be signed with: the endpoint's, then a Connect
 * platform's second endpoint's (docs/integrations/stripe.md#stripe-connect-platforms).
 */
export const signingSecrets = (row: Integration): string[] =>
  [signingSecret(row), ...(row.connectSecretSealed ? [openSecret(row.connectSecretSealed, connectAad(row.workspaceId, row.provider))] : [])];

// The API key's additional data differs from the signing secret's: one sealed value cannot
// stand in for the other.
const apiKeyAad = (workspaceId: string, provider: string) => `${secretAad(workspaceId, provider)}:api_key`;

/** The API key in clear, for the provider's client only: never logged, never answered. */
export const apiKeyOf = (row: Integration): string | null => (row.apiKeySealed ? openSecret(row.apiKeySealed, apiKeyAad(row.workspaceId, row.provider)) : null);

/**
 * Checks a new API key at the provider before it is kept: each read Refcount needs, once. A key
 * refused, or lacking a permission (named as the provider's dashboard names it), is refused here.
 */
async function checkedApiKey(provider: PaymentProvider, raw: string): Promise<string> {
  const kind = apiKeyKind(provider.name);
  if (!kind) throw invalid('api_key', `${provider.label} takes no API key`);
  const key = raw.trim();
  if (!kind.pattern.test(key)) throw invalid('api_key', `a ${provider.label} ${kind.noun} looks like ${kind.example}`);
  let missing: string[];
  try {
    missing = await kind.missing(key);
  } catch (err) {
    if (err instanceof ProviderApiError) throw invalid('api_key', err.failure === 'unauthorized' ? `${provider.label} refused this key: revoked, expired or mistyped` : `${provider.label} could not check this key now (${err.failure}): try again`);
    throw err;
  }
  if (missing.length) throw invalid('api_key', `the key lacks ${missing.join(', ')}: add ${missing.length > 1 ? 'these permissions' : 'this permission'} to the ${kind.noun} in ${provider.label}`);
  return key;
}

/** The columns a Connect secret in a patch sets: sealed, null removes it, absent leaves it. */
function connectSecretPatch(workspaceId: string, provider: PaymentProvider, raw: string | null | undefined) {
  if (raw === undefined) return {};
  if (raw === null) return { connectSecretSealed: null, connectSecretHint: null };
  if (!provider.connectSecret) throw invalid('connect_secret', `${provider.label} has no Connect endpoint`);
  const secret = raw.trim();
  if (!provider.secret.pattern.test(secret)) throw invalid('connect_secret', `a ${provider.label} signing secret looks like ${provider.secret.example}`);
  return { connectSecretSealed: sealSecret(secret, connectAad(workspaceId, provider.name)), connectSecretHint: hintOf(secret) };
}

/**
 * The columns a client-credentials provider's patch sets (PayPal: docs/paying-affiliates.md#paypal-payouts);
 * refused for a provider that takes none. Neither id is a secret: they are kept as they are.
 */
function clientPatch(provider: PaymentProvider, patch: IntegrationPatch) {
  const fields = { clientId: patch.clientId?.trim(), webhookId: patch.webhookId?.trim(), environment: patch.environment };
  const given = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!given.length) return {};
  if (!provider.clientCredentials) throw invalid(given[0][0] === 'clientId' ? 'client_id' : given[0][0] === 'webhookId' ? 'webhook_id' : 'environment', `${provider.label} takes no client id`);
  if (fields.clientId !== undefined && !/^[A-Za-z0-9_-]{20,200}$/.test(fields.clientId)) throw invalid('client_id', `a ${provider.label} client id is the REST app's Client ID (letters, digits, - and _)`);
  if (fields.webhookId !== undefined && !/^[A-Za-z0-9_-]{4,100}$/.test(fields.webhookId)) throw invalid('webhook_id', `a ${provider.label} webhook id looks like 8PT597110X687430LKGECATA`);
  return Object.fromEntries(given) as Partial<Pick<Integration, 'clientId' | 'webhookId' | 'environment'>>;
}

// Enough to tell two secrets apart on the dashboard, far too little to use.
const hintOf = (secret: string) => `…${secret.slice(-4)}`;
const target = (row: Integration) => ({ type: 'integration', id: row.id });

/**
 * Sets the signing secret (sealed), the amount basis and/or the optional API key (checked at the
 * provider, then sealed; null removes it); the first save needs the secret. Audited in the same
 * transaction by provider and field, never with a secret: a new one is `signing_secret: 'set'`,
 * `api_key: 'set'`. Saving what is already there (the same basis, no secret) records nothing.
 */
export async function saveIntegration({ ctx, provider, patch }: { ctx: ActingCtx; provider: PaymentProvider; patch: IntegrationPatch }): Promise<Integration> {
  const secret = patch.secret?.trim();
  if (secret !== undefined && !provider.secret.pattern.test(secret)) {
    throw invalid('secret', `a ${provider.label} signing secret looks like ${provider.secret.example}`);
  }
  const sealed = secret ? { secretSealed: sealSecret(secret, secretAad(ctx.workspaceId, provider.name)), secretHint: hintOf(secret) } : {};
  const basis = patch.amountBasis ? { amountBasis: patch.amountBasis } : {};
  const connect = connectSecretPatch(ctx.workspaceId, provider, patch.connectSecret);
  const client = clientPatch(provider, patch);
  // New client credentials are checked at the provider first, like an API key; no connection waits on it.
  if (provider.clientCredentials && (secret || client.clientId || client.environment)) {
    const before = await findIntegration({ ctx, provider: provider.name });
    const [clientId, environment] = [client.clientId ?? before?.clientId, client.environment ?? before?.environment ?? 'live'];
    const changed = secret || clientId !== before?.clientId || environment !== (before?.environment ?? 'live');
    if (changed && (!secret || !clientId)) throw invalid(secret ? 'client_id' : 'secret', `${provider.label} checks the client id and secret together: give both`);
    const refused = changed ? await provider.clientCredentials.check({ clientId: clientId!, secret: secret!, environment }) : null;
    if (refused) throw invalid('secret', refused);
  }
  // Checked at the provider before the transaction: no connection waits on the network.
  const key = typeof patch.apiKey === 'string' ? await checkedApiKey(provider, patch.apiKey) : patch.apiKey;
  const apiKey =
    key === null
      ? { apiKeySealed: null, apiKeyHint: null }
      : key
        ? { apiKeySealed: sealSecret(key, apiKeyAad(ctx.workspaceId, provider.name)), apiKeyHint: hintOf(key) }
        : {};
  return ctx.db.transaction(async (tx) => {
    const existing = await findIntegration({ ctx: { ...ctx, db: tx }, provider: provider.name });
    if (!existing) {
      if (!sealed.secretSealed) throw invalid('secret', 'paste the signing secret first');
      if (provider.clientCredentials && (!client.clientId || !client.webhookId)) throw invalid(client.clientId ? 'webhook_id' : 'client_id', `${provider.label} needs its client id, secret and webhook id`);
      const [row] = await tx
        .insert(integrations)
        .values({ workspaceId: ctx.workspaceId, provider: provider.name, ...sealed, ...basis, ...apiKey, ...client } as typeof integrations.$inferInsert)
        .onConflictDoUpdate({ target: [integrations.workspaceId, integrations.provider], set: { ...sealed, ...basis, ...apiKey, ...connect, ...client, updatedAt: new Date() } })
        .returning();
      if (key) await codesFollowNewKey(tx, ctx.workspaceId);
      const withKey = { ...(row.apiKeySealed ? { api_key: 'set' } : {}), ...(row.connectSecretSealed ? { connect_signing_secret: 'set' } : {}), ...clientAudit(row) };
      await addAuditEntry(tx, ctx, 'integration.connected', target(row), { after: { provider: provider.name, signing_secret: 'set', amount_basis: row.amountBasis, ...withKey } });
      return row;
    }
    const [row] = await tx
      .update(integrations)
      .set({ ...sealed, ...basis, ...apiKey, ...connect, ...client, updatedAt: new Date() })
      .where(eq(integrations.id, existing.id))
      .returning();
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    if (row.amountBasis !== existing.amountBasis) {
      before.amount_basis = existing.amountBasis;
      after.amount_basis = row.amountBasis;
    }
    if (secret) after.signing_secret = 'set';
    for (const [k, v] of Object.entries(clientAudit(row))) if (clientAudit(existing)[k as keyof ReturnType<typeof clientAudit>] !== v) after[k] = v;
    if (key) {
      after.api_key = 'set';
      // codes made nowhere while no key could write them are pushed now (server/integrations/codes/)
      await codesFollowNewKey(tx, ctx.workspaceId);
    }
    else if (key === null && existing.apiKeySealed) after.api_key = 'removed';
    if (patch.connectSecret) after.connect_signing_secret = 'set';
    else if (patch.connectSecret === null && existing.connectSecretSealed) after.connect_signing_secret = 'removed';
    if (Object.keys(after).length) await addAuditEntry(tx, ctx, 'integration.updated', target(row), { provider: provider.name, before, after });
    return row;
  });
}

// The client credentials as the audit log shows them: the ids, never the secret.
const clientAudit = (row: Integration) => ({
  ...(row.clientId ? { client_id: row.clientId } : {}),
  ...(row.webhookId ? { webhook_id: row.webhookId } : {}),
  ...(row.environment ? { environment: row.environment } : {}),
});

/** Disconnects: later deliveries are refused; the event log stays. */
export async function removeIntegration({ ctx, provider }: { ctx: ActingCtx; provider: PaymentProvider }): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(integrations)
      .where(and(eq(integrations.workspaceId, ctx.workspaceId), eq(integrations.provider, provider.name)))
      .returning();
    if (!row) return false;
    const withKey = row.apiKeySealed ? { api_key: 'set' } : {};
    await addAuditEntry(tx, ctx, 'integration.removed', target(row), { before: { provider: provider.name, signing_secret: 'set', amount_basis: row.amountBasis, ...withKey } });
    return true;
  });
}
