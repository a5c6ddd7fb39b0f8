import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { affiliates, groups } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { loadRecord } from '../records';
import type { Group } from './default-group';

export type { Group };
export type GroupWithCount = Group & { affiliateCount: number };

/** The workspace's group `id`; another workspace's answers like a missing one (404). */
export const getGroup = ({ ctx, id, lock = false }: { ctx: WorkspaceCtx; id: string; lock?: boolean }): Promise<Group> =>
  loadRecord(ctx, groups, id, () => notFound('group'), { lock });

/** The workspace's group with this join-page slug, or undefined. */
export async function groupBySlug({ ctx, slug }: { ctx: WorkspaceCtx; slug: string }): Promise<Group | undefined> {
  const [row] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.slug, slug.toLowerCase())));
  return row;
}

/** How many affiliates the group holds (the index affiliates_group_idx answers it). */
export async function groupAffiliateCount(ctx: WorkspaceCtx, groupId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.groupId, groupId)));
  return Number(row?.n ?? 0);
}

/** The workspace's groups, the default first then oldest first, each with its affiliate count. */
export async function listGroups({ ctx, page }: { ctx: WorkspaceCtx; page: Page }): Promise<GroupWithCount[]> {
  const counts = ctx.db
    .select({ groupId: affiliates.groupId, n: count().as('n') })
    .from(affiliates)
    .where(eq(affiliates.workspaceId, ctx.workspaceId))
    .groupBy(affiliates.groupId)
    .as('counts');
  const rows = await ctx.db
    .select({ group: groups, n: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(groups)
    .leftJoin(counts, eq(counts.groupId, groups.id))
    .where(eq(groups.workspaceId, ctx.workspaceId))
    .orderBy(desc(groups.isDefault), asc(groups.createdAt), asc(groups.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r.group, affiliateCount: r.n }));
}
