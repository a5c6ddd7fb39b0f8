import { and, eq } from 'drizzle-orm';
import { integrations } from '@/db/schema';
import { invalid } from '../errors/errors';
import type { WorkspaceCtx } from '../domain/context';
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

/** Sets the signing secret (sealed) and/or the amount basis; the first save needs the secret. */
export async function saveIntegration({ ctx, provider, patch }: { ctx: WorkspaceCtx; provider: PaymentProvider; patch: IntegrationPatch }): Promise<Integration> {
  const secret = patch.secret?.trim();
  if (secret !== undefined && !provider.secret.pattern.test(secret)) {
    throw invalid('secret', `a ${provider.label} signing secret looks like ${provider.secret.example}`);
  }
  const sealed = secret ? { secretSealed: sealSecret(secret, secretAad(ctx.workspaceId, provider.name)), secretHint: hintOf(secret) } : {};
  const basis = patch.amountBasis ? { amountBasis: patch.amountBasis } : {};
  const existing = await findIntegration({ ctx, provider: provider.name });
  if (!existing) {
    if (!sealed.secretSealed) throw invalid('secret', 'paste the signing secret first');
    const [row] = await ctx.db
      .insert(integrations)
      .values({ workspaceId: ctx.workspaceId, provider: provider.name, ...sealed, ...basis } as typeof integrations.$inferInsert)
      .onConflictDoUpdate({ target: [integrations.workspaceId, integrations.provider], set: { ...sealed, ...basis, updatedAt: new Date() } })
      .returning();
    return row;
  }
  const [row] = await ctx.db
    .update(integrations)
    .set({ ...sealed, ...basis, updatedAt: new Date() })
    .where(eq(integrations.id, existing.id))
    .returning();
  return row;
}

/** Disconnects: later deliveries are refused; the event log stays. */
export async function removeIntegration({ ctx, provider }: { ctx: WorkspaceCtx; provider: PaymentProvider }): Promise<boolean> {
  const rows = await ctx.db
    .delete(integrations)
    .where(and(eq(integrations.workspaceId, ctx.workspaceId), eq(integrations.provider, provider.name)))
    .returning({ id: integrations.id });
  return rows.length > 0;
}
