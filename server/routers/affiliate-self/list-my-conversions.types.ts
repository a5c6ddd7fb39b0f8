import { z } from 'zod';
import { conversionRecord } from '../../contracts/conversion';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyConversionsMeta = operation({
  method: 'GET',
  path: '/affiliate/conversions',
  summary: "The affiliate's own conversions, newest first (test conversions excluded)",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyConversionsInput = z.object(pageQuery(200, 50));
export const listMyConversionsOutput = listOf(conversionRecord);
