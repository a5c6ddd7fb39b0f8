import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { moveRuleRecord } from '../../contracts/move-rule';
import { operation } from '../../trpc/meta';

export const deleteMoveRuleMeta = operation({
  method: 'DELETE',
  path: '/move-rules/{id}',
  summary: 'Delete a move rule (the affiliates it moved stay where they are)',
  tags: ['Move rules'],
  errors: ['link_not_found'],
});

export const deleteMoveRuleInput = z.object({ id: recordId });
export const deleteMoveRuleOutput = z.object({ object: z.literal('move_rule'), data: moveRuleRecord, deleted: z.literal(true) });
