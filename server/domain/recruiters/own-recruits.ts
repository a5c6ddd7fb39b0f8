import { and, desc, eq, inArray, isNotNull, notInArray, sum } from 'drizzle-orm';
import { affiliates, commissions } from '@/db/schema';
import type { AffiliateCtx } from '../context';
import type { Page } from '../../lib/pagination';
import { programBrand } from '../settings/program-brand';
import { VOID_COMMISSION_STATES } from '../commissions/engine/states';

/** The affiliate's recruit link: the program's join page naming its ref code (docs/groups-bounties-recruiters.md#recruiters-two-tier). */
export async function recruitUrl(ctx: AffiliateCtx, publicUrl: string): Promise<string | null> {
  const [brand, [me]] = await Promise.all([
    programBrand({ ctx }),
    ctx.db.select({ refCode: affiliates.refCode }).from(affiliates).where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.id, ctx.affiliateId))),
  ]);
  if (!brand || !me) return null;
  return `${publicUrl.replace(/\/$/, '')}/join/${encodeURIComponent(brand.joinKey)}?via=${encodeURIComponent(me.refCode)}`;
}

export type OwnRecruit = { id: string; name: string | null; status: string; recruitedAt: Date | null; earned: { currency: string; amount: number }[] };

/**
 * The affiliate's recruits, newest first, each with what the affiliate earned on it (its live
 * second-tier lines and their clawbacks, per currency). Two statements: the page, its sums.
 */
export async function listOwnRecruits({ ctx, page }: { ctx: AffiliateCtx; page: Page }): Promise<OwnRecruit[]> {
  const rows = await ctx.db
    .select({ id: affiliates.id, name: affiliates.name, status: affiliates.status, recruitedAt: affiliates.recruitedAt })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.recruitedBy, ctx.affiliateId)))
    .orderBy(desc(affiliates.recruitedAt), desc(affiliates.id))
    .limit(page.limit)
    .offset(page.offset);
  if (!rows.length) return [];
  const sums = await ctx.db
    .select({ recruitId: commissions.recruitId, currency: commissions.currency, amount: sum(commissions.amount).mapWith(Number) })
    .from(commissions)
    .where(and(
      eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.affiliateId, ctx.affiliateId), isNotNull(commissions.recruitId),
      inArray(commissions.recruitId, rows.map((r) => r.id)), notInArray(commissions.status, [...VOID_COMMISSION_STATES]),
    ))
    .groupBy(commissions.recruitId, commissions.currency);
  return rows.map((r) => ({ ...r, earned: sums.filter((s) => s.recruitId === r.id).map((s) => ({ currency: s.currency, amount: s.amount })) }));
}
