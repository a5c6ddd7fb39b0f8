import { z } from 'zod';
import { affiliateCodeRecord } from '../../contracts/affiliate-code';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const deactivateAffiliateCodeMeta = operation({
  method: 'POST',
  path: '/affiliates/{id}/codes/{code_id}/deactivate',
  summary: 'Deactivate a coupon code: it stops working and is disabled (never deleted) in the providers; its text is never given out again',
  description: 'Idempotent: an inactive code is answered as it is.',
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const deactivateAffiliateCodeInput = z.strictObject({ id: recordId, code_id: recordId });
export const deactivateAffiliateCodeOutput = one('affiliate_code', affiliateCodeRecord);
