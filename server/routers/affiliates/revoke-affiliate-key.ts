// DELETE /v1/affiliates/{id}/keys/{key_id}: revoke an affiliate key
import { presentAffiliateKey } from '../../contracts/affiliate';
import { revokeAffiliateKey } from '../../domain/keys/affiliate-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { revokeAffiliateKeyInput, revokeAffiliateKeyMeta, revokeAffiliateKeyOutput } from './revoke-affiliate-key.types';

export const revokeAffiliateKeyProcedure = workspaceProcedure('write')
  .meta(revokeAffiliateKeyMeta)
  .input(revokeAffiliateKeyInput)
  .output(revokeAffiliateKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const key = await revokeAffiliateKey({ ctx, affiliateId: input.id, keyId: input.key_id });
    return { object: 'affiliate_key' as const, data: presentAffiliateKey(key), deleted: true as const };
  });
