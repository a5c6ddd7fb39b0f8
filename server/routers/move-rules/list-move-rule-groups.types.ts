import { z } from 'zod';
import { text, uuid } from '../../contracts/common';

export const listMoveRuleGroupsInput = z.object({});
export const listMoveRuleGroupsOutput = z.object({
  data: z.array(z.object({ id: uuid, name: text(200), is_default: z.boolean() })).max(500),
});
