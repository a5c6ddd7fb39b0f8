import { z } from 'zod';
import type { groupMoveRules } from '@/db/schema';
import { MAX_MOVE_CONDITIONS, MAX_MOVE_WINDOW_DAYS, MOVE_METRICS } from '../model/move-rules';
import { iso, timestamp, uuid } from './common';

// A move rule (docs/groups-bounties-recruiters.md#move-rules) as the API shows and takes it.

export const moveCondition = z
  .strictObject({
    metric: z.enum(MOVE_METRICS).describe('clicks, leads, sales (confirmed or pending, not test), revenue (their amount net of refunds), commissions (live earnings), or days_enrolled (since approval, else creation)'),
    at_least: z.number().int().min(0).max(1_000_000_000_000).describe('the condition holds when the total is at least this; revenue and commissions in minor units of the workspace currency (other currencies do not count)'),
    window_days: z.number().int().min(1).max(MAX_MOVE_WINDOW_DAYS).nullable().default(null).describe('count over the last N days; null: all time (ignored for days_enrolled)'),
  })
  .meta({ id: 'MoveCondition' });

export const moveConditions = z.array(moveCondition).min(1).max(MAX_MOVE_CONDITIONS).describe('all must hold');

export const moveRuleRecord = z
  .object({
    id: uuid,
    group_id: uuid.describe('the group it moves affiliates out of'),
    target_group_id: uuid.describe('the group it moves them to'),
    conditions: z.array(moveCondition).max(MAX_MOVE_CONDITIONS),
    position: z.number().int().describe('priority when two rules match: the lowest position wins, then the oldest rule'),
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'MoveRule' });

export type MoveRuleRow = typeof groupMoveRules.$inferSelect;

export const presentMoveRule = (row: MoveRuleRow): z.infer<typeof moveRuleRecord> => ({
  id: row.id,
  group_id: row.groupId,
  target_group_id: row.targetGroupId,
  conditions: row.conditions.map((c) => ({ metric: c.metric, at_least: c.at_least, window_days: c.window_days ?? null })),
  position: row.position,
  active: row.active,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});
