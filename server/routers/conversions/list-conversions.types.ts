import { z } from 'zod';
import { queryBool, recordId } from '../../contracts/common';
import { conversionDetailRecord, conversionStatusQuery, tsBound } from '../../contracts/conversion';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listConversionsMeta = operation({
  method: 'GET',
  path: '/conversions',
  summary: 'List conversions, newest first (test conversions only with include_test=true)',
  tags: ['Resources'],
  errors: ['unknown_resource'],
});

export const listConversionsInput = z.object({
  status: conversionStatusQuery.optional().describe('voided is accepted as the deprecated alias of reversed'),
  affiliate_id: recordId.optional(),
  campaign_id: recordId.optional(),
  from: tsBound.optional().describe('ts at or after this instant'),
  to: tsBound.optional().describe('ts before this instant'),
  include_test: queryBool.optional(),
  ...pageQuery(200, 50),
});

export const listConversionsOutput = listOf(conversionDetailRecord);
