import { and, desc, eq, isNull } from 'drizzle-orm';
import { affiliateKeys } from '@/db/schema';
import { AFFILIATE_KEY_PREFIX, mintToken } from '../../auth/tokens';
import { notFound } from '../../errors/errors';
import { getAffiliate } from '../affiliates/affiliates';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { wellFormedId } from '../records';

export type AffiliateKey = typeof affiliateKeys.$inferSelect;

// What the audit log keeps of a key: never its hash.
const audited = (k: AffiliateKey) => ({ affiliate_id: k.affiliateId, name: k.name, start: k.start });

/**
 * Mints a read-only refa_live_ key for one of the workspace's affiliates (not found otherwise);
 * the token is returned once.
 */
export async function createAffiliateKey({
  ctx,
  affiliateId,
  name,
}: {
  ctx: ActingCtx;
  affiliateId: string;
  name?: string | null;
}): Promise<{ key: AffiliateKey; token: string }> {
  await getAffiliate({ ctx, id: affiliateId });
  const { token, hash, start } = mintToken(AFFILIATE_KEY_PREFIX);
  const key = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliateKeys)
      .values({ workspaceId: ctx.workspaceId, affiliateId, name: name ?? null, hash, start })
      .returning();
    await addAuditEntry(tx, ctx, 'affiliate_key.created', { type: 'affiliate_key', id: row.id }, { after: audited(row) });
    return row;
  });
  return { key, token };
}

export async function listAffiliateKeys({ ctx, affiliateId }: { ctx: WorkspaceCtx; affiliateId: string }) {
  return ctx.db
    .select()
    .from(affiliateKeys)
    .where(and(eq(affiliateKeys.workspaceId, ctx.workspaceId), eq(affiliateKeys.affiliateId, affiliateId)))
    .orderBy(desc(affiliateKeys.createdAt));
}

/** Revokes one of the affiliate's keys; another affiliate's key, or one already revoked, is not found. */
export async function revokeAffiliateKey({ ctx, affiliateId, keyId }: { ctx: ActingCtx; affiliateId: string; keyId: string }) {
  wellFormedId(affiliateId, () => notFound('affiliate'));
  wellFormedId(keyId, () => notFound('key'));
  return ctx.db.transaction(async (tx) => {
    const [key] = await tx
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
    await addAuditEntry(tx, ctx, 'affiliate_key.revoked', { type: 'affiliate_key', id: key.id }, { before: audited(key), after: { revoked_at: key.revokedAt!.toISOString() } });
    return key;
  });
}
