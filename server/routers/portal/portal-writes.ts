// portal: the affiliate's payout e-mail, its refa_live_ keys, and accepting the invitation
import { z } from 'zod';
import { presentAffiliateProfile } from '../../contracts/affiliate-view';
import { affiliateKeyRecord, affiliateKeyWithToken, presentAffiliateKey } from '../../contracts/affiliate';
import { updateAffiliate } from '../../domain/affiliates/update-affiliate';
import { createAffiliateKey, listAffiliateKeys, revokeAffiliateKey } from '../../domain/keys/affiliate-keys';
import { acceptInvite } from '../../domain/portal/accept-invite';
import { publicProcedure } from '../../trpc/procedures';
import { getMeOutput } from '../affiliate/get-me.types';
import { portalProcedure } from './portal-procedure';
import { acceptInviteInput, acceptInviteOutput, createOwnKeyInput, revokeOwnKeyInput, setPayoutEmailInput } from './portal-writes.types';

// Every write passes the session's own affiliate id: no input names another affiliate.
export const portalSetPayoutEmail = portalProcedure
  .input(setPayoutEmailInput)
  .output(getMeOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'affiliate' as const,
    data: presentAffiliateProfile(await updateAffiliate({ ctx, id: ctx.affiliateId, patch: { payoutEmail: input.payout_email } })),
  }));

export const portalKeys = portalProcedure
  .input(z.object({}).optional())
  .output(z.object({ data: z.array(affiliateKeyRecord.extend({ revoked_at: z.string().nullable() })) }))
  .query(async ({ ctx }) => ({
    data: (await listAffiliateKeys({ ctx, affiliateId: ctx.affiliateId })).map((k) => ({
      ...presentAffiliateKey(k),
      revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
    })),
  }));

export const portalCreateKey = portalProcedure
  .input(createOwnKeyInput)
  .output(affiliateKeyWithToken)
  .mutation(async ({ ctx, input }) => {
    const { key, token } = await createAffiliateKey({ ctx, affiliateId: ctx.affiliateId, name: input.name });
    return { ...presentAffiliateKey(key), token };
  });

export const portalRevokeKey = portalProcedure
  .input(revokeOwnKeyInput)
  .output(affiliateKeyRecord)
  .mutation(async ({ ctx, input }) => presentAffiliateKey(await revokeAffiliateKey({ ctx, affiliateId: ctx.affiliateId, keyId: input.id })));

export const portalAcceptInvite = publicProcedure
  .input(acceptInviteInput)
  .output(acceptInviteOutput)
  .mutation(async ({ ctx, input }) => ({ email: (await acceptInvite(ctx.db, input)).email }));
