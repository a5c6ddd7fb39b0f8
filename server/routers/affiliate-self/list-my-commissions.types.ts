import { z } from 'zod';
import { commissionRecord } from '../../contracts/commission';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyCommissionsMeta = operation({
  method: 'GET',
  path: '/affiliate/commissions',
  summary: "The affiliate's own commissions, newest first",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyCommissionsInput = z.object(pageQuery(200, 50));
export const listMyCommissionsOutput = listOf(commissionRecord);
