import { index, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { AUDIT_ACTOR_TYPES } from '../../server/model/enums';
import { createdAt, id, workspaceRef } from './columns';

export const auditActorType = pgEnum('audit_actor_type', AUDIT_ACTOR_TYPES);

// Who changed what in a workspace's management data, written in the transaction of the change
// (server/domain/audit/audit-entries.ts). Tracking ingestion is not audited: its rows are their
// own ledger. `actor_id` is a user, key or affiliate id, or the system job's name.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    workspaceId: workspaceRef(),
    actorType: auditActorType('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').notNull(),
    // 'mcp': the key acted through an MCP tool (server/mcp); null: called /v1 or the dashboard itself
    via: text('via'),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /v1/audit-events: newest first within a workspace (ids are v7, so id breaks ties in time order)
    index('audit_events_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    // ?target_id=: the history of one record
    index('audit_events_workspace_target_idx').on(t.workspaceId, t.targetId),
    // ?actor_id=: what one user, key or job did
    index('audit_events_workspace_actor_idx').on(t.workspaceId, t.actorId),
  ],
);
