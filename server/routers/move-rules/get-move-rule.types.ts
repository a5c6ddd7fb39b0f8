import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { moveRuleRecord } from '../../contracts/move-rule';
import { operation } from '../../trpc/meta';

export const getMoveRuleMeta = operation({
  method: 'GET',
  path: '/move-rules/{id}',
  summary: 'Get a move rule',
  tags: ['Move rules'],
  errors: ['link_not_found'],
});

export const getMoveRuleInput = z.object({ id: recordId });
export const getMoveRuleOutput = one('move_rule', moveRuleRecord);
