import { z } from 'zod';
import { affiliateProfileRecord } from '../../contracts/affiliate-view';
import { one } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getMeMeta = operation({
  method: 'GET',
  path: '/affiliate/me',
  summary: "The affiliate key's own affiliate record",
  tags: ['Affiliate keys'],
  errors: [],
});

export const getMeInput = z.object({});
export const getMeOutput = one('affiliate', affiliateProfileRecord);
