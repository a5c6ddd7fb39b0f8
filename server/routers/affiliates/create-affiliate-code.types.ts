import { z } from 'zod';
import { affiliateCodeRecord, codeText } from '../../contracts/affiliate-code';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const createAffiliateCodeMeta = operation({
  method: 'POST',
  path: '/affiliates/{id}/codes',
  summary: 'Give an active affiliate a coupon code: the one in `code`, or without it one generated from its ref code',
  description:
    'The code is made in the connected providers by the sync job (sync_state pending until then). ' +
    'invalid_request: the text breaks the rules of docs/codes.md; invalid_state: the text is taken (by any code, ' +
    'inactive ones included, in any case, or by another affiliate\'s ref code), the affiliate is not active, or it holds 5 active codes.',
  tags: ['Affiliates'],
  successStatus: 201,
  errors: ['link_not_found', 'invalid_state'],
});

export const createAffiliateCodeInput = z.strictObject({ id: recordId, code: codeText.optional() });
export const createAffiliateCodeOutput = one('affiliate_code', affiliateCodeRecord);
