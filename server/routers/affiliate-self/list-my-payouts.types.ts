import { z } from 'zod';
import { payoutRecord } from '../../contracts/payout';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyPayoutsMeta = operation({
  method: 'GET',
  path: '/affiliate/payouts',
  summary: "The affiliate's own payouts with the commissions each settles, newest first",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyPayoutsInput = z.object(pageQuery(200, 50));
export const listMyPayoutsOutput = listOf(payoutRecord);
