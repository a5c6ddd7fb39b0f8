import { z } from 'zod';
import { affiliateKeyWithToken } from '../../contracts/affiliate';
import { name, one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const createAffiliateKeyMeta = operation({
  method: 'POST',
  path: '/affiliates/{id}/keys',
  summary: "Create a read-only affiliate key (refa_live_) for the affiliate's own data; the token is shown once",
  tags: ['Affiliates'],
  successStatus: 201,
  errors: ['link_not_found'],
});

export const createAffiliateKeyInput = z.strictObject({ id: recordId, name: name.optional() });
export const createAffiliateKeyOutput = one('affiliate_key', affiliateKeyWithToken);
