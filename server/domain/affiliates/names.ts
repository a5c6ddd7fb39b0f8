import { and, eq, inArray } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';

/**
 * Display names for the affiliates a page lists by id (commissions, payouts): name, else e-mail,
 * else ref code. Ids of other workspaces or malformed ones are simply absent.
 */
export async function affiliateNames({ ctx, ids }: { ctx: WorkspaceCtx; ids: string[] }) {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  const rows = await ctx.db
    .select({ id: affiliates.id, name: affiliates.name, email: affiliates.email, refCode: affiliates.refCode })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, wanted)));
  return rows.map((r) => ({ id: r.id, label: r.name ?? r.email ?? r.refCode }));
}
