import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { moveRuleRecord } from '../../contracts/move-rule';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMoveRulesMeta = operation({
  method: 'GET',
  path: '/move-rules',
  summary: "The workspace's move rules, by group then priority",
  tags: ['Move rules'],
  errors: [],
});

export const listMoveRulesInput = z.object({
  group_id: uuid.optional().describe('only the rules moving affiliates out of this group'),
  ...pageQuery(200, 100),
});
export const listMoveRulesOutput = listOf(moveRuleRecord);
