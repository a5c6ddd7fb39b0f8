// dashboard-only (portal): revoke one of the signed-in affiliate's own keys
import { presentAffiliateKey } from '../../contracts/affiliate';
import { revokeAffiliateKey } from '../../domain/keys/affiliate-keys';
import { portalProcedure } from '../../trpc/procedures';
import { revokeKeyInput, revokeKeyOutput } from './revoke-key.types';

export const revokeKeyProcedure = portalProcedure
  .input(revokeKeyInput)
  .output(revokeKeyOutput)
  .mutation(async ({ ctx, input }) => presentAffiliateKey(await revokeAffiliateKey({ ctx, affiliateId: ctx.affiliateId, keyId: input.id })));
