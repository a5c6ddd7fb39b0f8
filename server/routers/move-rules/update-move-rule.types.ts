import { z } from 'zod';
import { one, recordId, referenceId } from '../../contracts/common';
import { moveConditions, moveRuleRecord } from '../../contracts/move-rule';
import { operation } from '../../trpc/meta';

export const updateMoveRuleMeta = operation({
  method: 'PATCH',
  path: '/move-rules/{id}',
  summary: "Change a move rule's groups, conditions, priority or activity",
  description: 'Affiliates the rule already moved are not moved by it again. A group of another workspace answers unknown_resource; a target equal to the group, invalid_request.',
  tags: ['Move rules'],
  errors: ['link_not_found', 'unknown_resource'],
});

export const updateMoveRuleInput = z.strictObject({
  id: recordId,
  group_id: referenceId.optional(),
  target_group_id: referenceId.optional(),
  conditions: moveConditions.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  active: z.boolean().optional(),
});
export const updateMoveRuleOutput = one('move_rule', moveRuleRecord);
