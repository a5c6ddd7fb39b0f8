import { z } from 'zod';
import { affiliateCodeRecord } from '../../contracts/affiliate-code';
import { recordId } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listAffiliateCodesMeta = operation({
  method: 'GET',
  path: '/affiliates/{id}/codes',
  summary: "The affiliate's coupon codes, newest first, active and inactive, each with its state in the providers",
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const listAffiliateCodesInput = z.object({ id: recordId, ...pageQuery(100, 50) });
export const listAffiliateCodesOutput = listOf(affiliateCodeRecord, 100);
