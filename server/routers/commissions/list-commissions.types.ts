import { z } from 'zod';
import { commissionDetailRecord, commissionStatus } from '../../contracts/commission';
import { queryBool, recordId } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listCommissionsMeta = operation({
  method: 'GET',
  path: '/commissions',
  summary: 'List commissions, newest first',
  description: 'Commissions of test conversions are listed only with include_test=true or a conversion_id filter.',
  tags: ['Resources'],
  errors: ['unknown_resource'],
});

export const listCommissionsInput = z.object({
  status: commissionStatus.optional(),
  affiliate_id: recordId.optional(),
  conversion_id: recordId.optional(),
  include_test: queryBool.optional(),
  ...pageQuery(200, 50),
});

export const listCommissionsOutput = listOf(commissionDetailRecord);
