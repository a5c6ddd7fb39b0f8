import { and, eq } from 'drizzle-orm';
import { integrations } from '@/db/schema';
import { invalid } from '../errors/errors';
import { recordAudit } from '../domain/audit/record-audit';
import type { ActingCtx, WorkspaceCtx } from '../domain/context';
import type { Integration, PaymentProvider } from './provider';
import { openSecret, sealSecret, secretAad } from './secret-box';

export type IntegrationPatch = { secret?: string; amountBasis?: Integration['amountBasis'] };

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

// Enough to tell two secrets apart on the dashboard, far too little to use.
const hintOf = (secret: string) => `…${secret.slice(-4)}`;
const target = (row: Integration) => ({ type: 'integration', id: row.id });

/**
 * Sets the signing secret (sealed) and/or the amount basis; the first save needs the secret.
 * Audited in the same transaction by provider and field, never with the secret: a new one is
 * `signing_secret: 'set'`. Saving what is already there (the same basis, no secret) records nothing.
 */
export async function saveIntegration({ ctx, provider, patch }: { ctx: ActingCtx; provider: PaymentProvider; patch: IntegrationPatch }): Promise<Integration> {
  const secret = patch.secret?.trim();
  if (secret !== undefined && !provider.secret.pattern.test(secret)) {
    throw invalid('secret', `a ${provider.label} signing secret looks like ${provider.secret.example}`);
  }
  const sealed = secret ? { secretSealed: sealSecret(secret, secretAad(ctx.workspaceId, provider.name)), secretHint: hintOf(secret) } : {};
  const basis = patch.amountBasis ? { amountBasis: patch.amountBasis } : {};
  return ctx.db.transaction(async (tx) => {
    const existing = await findIntegration({ ctx: { ...ctx, db: tx }, provider: provider.name });
    if (!existing) {
      if (!sealed.secretSealed) throw invalid('secret', 'paste the signing secret first');
      const [row] = await tx
        .insert(integrations)
        .values({ workspaceId: ctx.workspaceId, provider: provider.name, ...sealed, ...basis } as typeof integrations.$inferInsert)
        .onConflictDoUpdate({ target: [integrations.workspaceId, integrations.provider], set: { ...sealed, ...basis, updatedAt: new Date() } })
        .returning();
      await recordAudit(tx, ctx, 'integration.connected', target(row), { after: { provider: provider.name, signing_secret: 'set', amount_basis: row.amountBasis } });
      return row;
    }
    const [row] = await tx
      .update(integrations)
      .set({ ...sealed, ...basis, updatedAt: new Date() })
      .where(eq(integrations.id, existing.id))
      .returning();
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    if (row.amountBasis !== existing.amountBasis) {
      before.amount_basis = existing.amountBasis;
      after.amount_basis = row.amountBasis;
    }
    if (secret) after.signing_secret = 'set';
    if (Object.keys(after).length) await recordAudit(tx, ctx, 'integration.updated', target(row), { provider: provider.name, before, after });
    return row;
  });
}

/** Disconnects: later deliveries are refused; the event log stays. */
export async function removeIntegration({ ctx, provider }: { ctx: ActingCtx; provider: PaymentProvider }): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(integrations)
      .where(and(eq(integrations.workspaceId, ctx.workspaceId), eq(integrations.provider, provider.name)))
      .returning();
    if (!row) return false;
    await recordAudit(tx, ctx, 'integration.removed', target(row), { before: { provider: provider.name, signing_secret: 'set', amount_basis: row.amountBasis } });
    return true;
  });
}
