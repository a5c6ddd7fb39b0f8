import { and, eq } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { AffiliateCtx } from '../context';

/** The key's own affiliate. The key resolved, so a miss means the row left its workspace. */
export async function getOwnProfile(ctx: AffiliateCtx) {
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.id, ctx.affiliateId)));
  if (!row) throw notFound('affiliate');
  return row;
}
