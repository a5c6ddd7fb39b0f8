import { z } from 'zod';
import { affiliateKeyRecord } from '../../contracts/affiliate';
import { recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const revokeAffiliateKeyMeta = operation({
  method: 'DELETE',
  path: '/affiliates/{id}/keys/{key_id}',
  summary: 'Revoke an affiliate key: its next request answers 401',
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const revokeAffiliateKeyInput = z.object({ id: recordId, key_id: recordId });
export const revokeAffiliateKeyOutput = z.object({
  object: z.literal('affiliate_key'),
  data: affiliateKeyRecord,
  deleted: z.literal(true),
});
