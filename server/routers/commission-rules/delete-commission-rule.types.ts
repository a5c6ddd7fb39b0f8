import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { ruleRecord } from '../../contracts/rule';
import { operation } from '../../trpc/meta';

export const deleteCommissionRuleMeta = operation({
  method: 'DELETE',
  path: '/campaigns/{id}/commission-rule/{rule_id}',
  summary: 'Remove one commission rule of a campaign',
  tags: ['Campaigns'],
  errors: ['link_not_found'],
});

export const deleteCommissionRuleInput = z.object({ id: recordId, rule_id: recordId });
export const deleteCommissionRuleOutput = z.object({
  object: z.literal('commission_rule'),
  data: ruleRecord,
  deleted: z.literal(true),
});
