// dashboard-only (portal): the affiliate's own refa_live_ keys (never their tokens)
import { presentAffiliateKey } from '../../contracts/affiliate';
import { listAffiliateKeys } from '../../domain/keys/affiliate-keys';
import { portalProcedure } from '../../trpc/procedures';
import { listKeysInput, listKeysOutput } from './list-keys.types';

export const listKeysProcedure = portalProcedure
  .input(listKeysInput)
  .output(listKeysOutput)
  .query(async ({ ctx }) => ({
    data: (await listAffiliateKeys({ ctx, affiliateId: ctx.affiliateId })).map((k) => ({
      ...presentAffiliateKey(k),
      revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
    })),
  }));
