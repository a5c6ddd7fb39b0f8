import { z } from 'zod';
import { commissionDetailRecord } from '../../contracts/commission';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getCommissionMeta = operation({
  method: 'GET',
  path: '/commissions/{id}',
  summary: 'Get a commission',
  tags: ['Resources'],
  errors: ['link_not_found'],
});

export const getCommissionInput = z.object({ id: recordId });
export const getCommissionOutput = one('commission', commissionDetailRecord);
