import { and, eq } from 'drizzle-orm';
import { affiliateCodeLinks } from '@/db/schema';
import type { WorkspaceCtx } from '../../domain/context';

/**
 * The merchant deactivated (or reactivated) an affiliate code's object in the provider's dashboard
 * (Stripe's promotion_code.updated): the link row notes it, and the sync job then leaves that
 * object as the merchant set it instead of turning it back on (docs/integrations/stripe.md
 * "Affiliate codes"). Our own deactivations arrive here too and change nothing. Answers whether
 * the object is an affiliate code's.
 */
export async function noteMerchantState(ctx: WorkspaceCtx, provider: 'stripe' | 'paddle', objectId: string, active: boolean): Promise<boolean> {
  const [link] = await ctx.db
    .select()
    .from(affiliateCodeLinks)
    .where(and(eq(affiliateCodeLinks.workspaceId, ctx.workspaceId), eq(affiliateCodeLinks.provider, provider), eq(affiliateCodeLinks.objectId, objectId)));
  if (!link) return false;
  if (!active && link.active) {
    await ctx.db.update(affiliateCodeLinks).set({ active: false, deactivatedBy: 'merchant', deactivatedAt: new Date() }).where(eq(affiliateCodeLinks.id, link.id));
  } else if (active && !link.active && link.deactivatedBy === 'merchant') {
    await ctx.db.update(affiliateCodeLinks).set({ active: true, deactivatedBy: null, deactivatedAt: null }).where(eq(affiliateCodeLinks.id, link.id));
  }
  return true;
}
