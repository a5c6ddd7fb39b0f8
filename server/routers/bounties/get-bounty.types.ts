import { z } from 'zod';
import { bountyDetailRecord } from '../../contracts/bounty';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getBountyMeta = operation({
  method: 'GET',
  path: '/bounties/{id}',
  summary: 'Get a bounty with its report',
  description: 'report: its submissions by status, the affiliates it rewarded and what it earned per currency (commissions not denied or reversed).',
  tags: ['Bounties'],
  errors: ['link_not_found'],
});

export const getBountyInput = z.object({ id: recordId });
export const getBountyOutput = one('bounty', bountyDetailRecord);
