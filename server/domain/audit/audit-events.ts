import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { affiliates, auditEvents, memberships, users, workspaceKeys } from '@/db/schema';
import { isUuid } from '../../lib/ids';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import type { AuditActorType } from './audit-entries';

export type AuditFilter = {
  actorType?: AuditActorType;
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive lower bound on created_at. */
  from?: Date;
  /** Exclusive upper bound on created_at. */
  to?: Date;
};

/** The workspace's audit events, newest first; another workspace's never match. */
export async function listAuditEvents({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: AuditFilter; page: Page }) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, ctx.workspaceId),
        filter.actorType ? eq(auditEvents.actorType, filter.actorType) : undefined,
        filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
        filter.action ? eq(auditEvents.action, filter.action) : undefined,
        filter.targetType ? eq(auditEvents.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditEvents.targetId, filter.targetId) : undefined,
        filter.from ? gte(auditEvents.createdAt, filter.from) : undefined,
        filter.to ? lt(auditEvents.createdAt, filter.to) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

type AuditRow = typeof auditEvents.$inferSelect;

/**
 * Who each event's actor is, in words (docs/dashboard.md, /dashboard/activity): a user's e-mail, a key's name
 * (or the start of its token), an affiliate's e-mail or name; a job names itself. Three reads for
 * a page, each scoped to the workspace (a user through its membership), so an id of another
 * tenant names no one. Keyed `type:id`.
 */
export async function actorNames(ctx: WorkspaceCtx, rows: AuditRow[]): Promise<Map<string, string>> {
  const idsOf = (type: AuditRow['actorType']) => [...new Set(rows.filter((r) => r.actorType === type).map((r) => r.actorId))].filter(isUuid);
  const [userIds, keyIds, affiliateIds] = [idsOf('user'), idsOf('api_key'), idsOf('affiliate')];
  const names = new Map<string, string>();
  if (userIds.length) {
    const found = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, ctx.workspaceId)))
      .where(inArray(users.id, userIds));
    for (const u of found) names.set(`user:${u.id}`, u.email);
  }
  if (keyIds.length) {
    const found = await ctx.db
      .select({ id: workspaceKeys.id, name: workspaceKeys.name, start: workspaceKeys.start })
      .from(workspaceKeys)
      .where(and(eq(workspaceKeys.workspaceId, ctx.workspaceId), inArray(workspaceKeys.id, keyIds)));
    for (const k of found) names.set(`api_key:${k.id}`, k.name ? `${k.name} (${k.start}…)` : `${k.start}…`);
  }
  if (affiliateIds.length) {
    const found = await ctx.db
      .select({ id: affiliates.id, email: affiliates.email, name: affiliates.name, refCode: affiliates.refCode })
      .from(affiliates)
      .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, affiliateIds)));
    for (const a of found) names.set(`affiliate:${a.id}`, a.email ?? a.name ?? a.refCode);
  }
  return names;
}
