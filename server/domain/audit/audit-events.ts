import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { auditEvents } from '@/db/schema';
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
