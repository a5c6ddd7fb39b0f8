import { recordId } from '../../contracts/common';
import { commissionRuleBody, ruleChange } from '../../contracts/rule';
import { operation } from '../../trpc/meta';

export const setCommissionRuleMeta = operation({
  method: 'PUT',
  path: '/campaigns/{id}/commission-rule',
  summary: "Set a campaign's rate, optionally from a library reward",
  description:
    'Upserts one rule by group, kind and scope (the catch-all, one interval, or one set of products). With `group_id` ' +
    "the rule is that partner group's override of the campaign's (docs/groups-bounties-recruiters.md#group-commission-rules); " +
    'a group_id naming no group of the workspace answers 404 unknown_resource. Send either ' +
    '`library_reward_id` (with optional kind, product_ids, applies_to_interval) or the rule\'s own terms. ' +
    'Answers the same body as the GET.',
  tags: ['Campaigns'],
  errors: ['amount_required', 'product_ids_required', 'link_not_found', 'unknown_resource'],
});

export const setCommissionRuleInput = ruleChange.extend({ id: recordId });
export const setCommissionRuleOutput = commissionRuleBody;
