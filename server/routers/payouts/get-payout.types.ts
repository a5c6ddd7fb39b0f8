import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { workspacePayoutRecord } from '../../contracts/payout';
import { operation } from '../../trpc/meta';

export const getPayoutMeta = operation({
  method: 'GET',
  path: '/payouts/{id}',
  summary: 'Get a payout with the commissions it settles',
  tags: ['Resources'],
  errors: ['link_not_found'],
});

export const getPayoutInput = z.object({ id: recordId });
export const getPayoutOutput = one('payout', workspacePayoutRecord);
