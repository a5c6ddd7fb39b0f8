import { boolean, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import type { MoveCondition } from '../../server/model/move-rules';

// A move rule (docs/groups-bounties-recruiters.md#move-rules): when all its conditions hold for an
// affiliate of group_id, the affiliate moves to target_group_id, once ever per rule.
export const groupMoveRules = pgTable(
  'group_move_rules',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // the group it moves affiliates out of
    groupId: uuid('group_id').notNull(),
    targetGroupId: uuid('target_group_id').notNull(),
    // 1..5 conditions, all of which must hold; revenue and commissions in minor units of the
    // workspace currency (server/model/move-rules.ts)
    conditions: jsonb('conditions').$type<MoveCondition[]>().notNull(),
    // priority when two rules match: the lowest position, then the oldest rule
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_move_rules_workspace_group_idx').on(t.workspaceId, t.groupId, t.position)],
);

// Which rule moved which affiliate: a rule moves an affiliate once ever, even if it comes back.
export const groupMoveApplications = pgTable(
  'group_move_applications',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // no foreign key, as everywhere here (db/copy copies tables in any order): deleting a rule deletes these
    ruleId: uuid('rule_id').notNull(),
    affiliateId: uuid('affiliate_id').notNull(),
    movedAt: ts('moved_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_move_applications_rule_affiliate_uq').on(t.ruleId, t.affiliateId),
    // the job reads a page of affiliates' applications
    index('group_move_applications_affiliate_idx').on(t.affiliateId),
  ],
);

// Where the after-activity evaluation of each workspace stands (server/domain/groups/move-job.ts):
// conversions and commissions newer than this are the activity not yet looked at.
export const groupMoveCursors = pgTable(
  'group_move_cursors',
  {
    workspaceId: uuid('workspace_id').notNull(),
    afterAt: ts('after_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId] })],
);
