import { and, desc, eq, isNull } from 'drizzle-orm';
import { affiliateKeys } from '@/db/schema';
import { AFFILIATE_KEY_PREFIX, mintToken } from '../../auth/tokens';
import { forgetKey } from '../../auth/resolve-key';
import { notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';

export type AffiliateKey = typeof affiliateKeys.$inferSelect;

/** Mints a read-only refa_live_ key for one affiliate; the token is returned once. */
export async function createAffiliateKey({
  ctx,
  affiliateId,
  name,
}: {
  ctx: WorkspaceCtx;
  affiliateId: string;
  name?: string | null;
}): Promise<{ key: AffiliateKey; token: string }> {
  const { token, hash, start } = mintToken(AFFILIATE_KEY_PREFIX);
  const [key] = await ctx.db
    .insert(affiliateKeys)
    .values({ workspaceId: ctx.workspaceId, affiliateId, name: name ?? null, hash, start })
    .returning();
  return { key, token };
}

export async function listAffiliateKeys({ ctx, affiliateId }: { ctx: WorkspaceCtx; affiliateId: string }) {
  return ctx.db
    .select()
    .from(affiliateKeys)
    .where(and(eq(affiliateKeys.workspaceId, ctx.workspaceId), eq(affiliateKeys.affiliateId, affiliateId)))
    .orderBy(desc(affiliateKeys.createdAt));
}

/** Revokes one of the affiliate's keys; another affiliate's key id answers not-found. */
export async function revokeAffiliateKey({ ctx, affiliateId, keyId }: { ctx: WorkspaceCtx; affiliateId: string; keyId: string }) {
  if (!isUuid(keyId)) throw notFound('key');
  const [key] = await ctx.db
    .update(affiliateKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(affiliateKeys.workspaceId, ctx.workspaceId),
        eq(affiliateKeys.affiliateId, affiliateId),
        eq(affiliateKeys.id, keyId),
        isNull(affiliateKeys.revokedAt),
      ),
    )
    .returning();
  if (!key) throw notFound('key');
  forgetKey(key.id);
  return key;
}
