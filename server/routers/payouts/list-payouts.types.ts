import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { workspacePayoutRecord, payoutStatus } from '../../contracts/payout';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listPayoutsMeta = operation({
  method: 'GET',
  path: '/payouts',
  summary: 'List payouts with the commissions each settles, newest first',
  tags: ['Resources'],
  errors: ['unknown_resource'],
});

export const listPayoutsInput = z.object({ status: payoutStatus.optional(), affiliate_id: recordId.optional(), ...pageQuery(200, 50) });
export const listPayoutsOutput = listOf(workspacePayoutRecord);
