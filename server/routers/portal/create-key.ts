// dashboard-only (portal): mint a refa_live_ key for the signed-in affiliate; the token is in this answer only
import { presentAffiliateKey } from '../../contracts/affiliate';
import { createAffiliateKey } from '../../domain/keys/affiliate-keys';
import { portalProcedure } from '../../trpc/procedures';
import { createKeyInput, createKeyOutput } from './create-key.types';

export const createKeyProcedure = portalProcedure
  .input(createKeyInput)
  .output(createKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { key, token } = await createAffiliateKey({ ctx, affiliateId: ctx.affiliateId, name: input.name });
    return { ...presentAffiliateKey(key), token };
  });
