import { z } from 'zod';
import { one } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const runMoveRulesMeta = operation({
  method: 'POST',
  path: '/move-rules/run',
  summary: "Evaluate the workspace's move rules now",
  description: 'Evaluates up to 5,000 active affiliates of groups with active rules and moves those a rule matches; `more`: the rest is evaluated by the next run (or tonight).',
  tags: ['Move rules'],
  errors: [],
});

export const runMoveRulesInput = z.strictObject({});
export const runMoveRulesOutput = one(
  'move_rule_run',
  z.object({
    evaluated: z.number().int().describe('affiliates evaluated'),
    moved: z.number().int().describe('affiliates moved to another group'),
    more: z.boolean().describe('affiliates were left for the next run'),
  }),
);
