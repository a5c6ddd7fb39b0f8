import { z } from 'zod';
import { affiliateRecord } from '../../contracts/affiliate';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getAffiliateMeta = operation({
  method: 'GET',
  path: '/affiliates/{id}',
  summary: 'Get an affiliate',
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const getAffiliateInput = z.object({ id: recordId });
export const getAffiliateOutput = one('affiliate', affiliateRecord);
