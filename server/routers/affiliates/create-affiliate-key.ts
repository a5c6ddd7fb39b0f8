// POST /v1/affiliates/{id}/keys: create an affiliate key (token shown once)
import { presentAffiliateKey } from '../../contracts/affiliate';
import { createAffiliateKey } from '../../domain/keys/affiliate-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { createAffiliateKeyInput, createAffiliateKeyMeta, createAffiliateKeyOutput } from './create-affiliate-key.types';

export const createAffiliateKeyProcedure = workspaceProcedure('write')
  .meta(createAffiliateKeyMeta)
  .input(createAffiliateKeyInput)
  .output(createAffiliateKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { key, token } = await createAffiliateKey({ ctx, affiliateId: input.id, name: input.name });
    return { object: 'affiliate_key' as const, data: { ...presentAffiliateKey(key), token } };
  });
