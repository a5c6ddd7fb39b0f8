import { z } from 'zod';
import { one, referenceId } from '../../contracts/common';
import { moveConditions, moveRuleRecord } from '../../contracts/move-rule';
import { operation } from '../../trpc/meta';

export const createMoveRuleMeta = operation({
  method: 'POST',
  path: '/move-rules',
  summary: 'Create a move rule: affiliates of a group whose totals pass its conditions move to another group',
  description: 'A group of another workspace answers unknown_resource; a target equal to the group, invalid_request; more than 100 rules in the workspace, invalid_state.',
  tags: ['Move rules'],
  successStatus: 201,
  errors: ['group_id_required', 'target_group_id_required', 'conditions_required', 'unknown_resource', 'invalid_state'],
});

export const createMoveRuleInput = z.strictObject({
  group_id: referenceId.describe('the group it moves affiliates out of'),
  target_group_id: referenceId.describe('the group it moves them to'),
  conditions: moveConditions,
  position: z.number().int().min(0).max(10_000).optional().describe('priority when two rules match: lowest first (default 0), then the oldest rule'),
  active: z.boolean().optional().describe('default true'),
});
export const createMoveRuleOutput = one('move_rule', moveRuleRecord);
