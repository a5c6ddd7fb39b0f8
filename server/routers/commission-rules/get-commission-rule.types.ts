import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { commissionRuleBody } from '../../contracts/rule';
import { operation } from '../../trpc/meta';

export const getCommissionRuleMeta = operation({
  method: 'GET',
  path: '/campaigns/{id}/commission-rule',
  summary: "A campaign's commission rules and the products redirected to its rate",
  tags: ['Campaigns'],
  errors: ['link_not_found'],
});

export const getCommissionRuleInput = z.object({ id: recordId });
export const getCommissionRuleOutput = commissionRuleBody;
