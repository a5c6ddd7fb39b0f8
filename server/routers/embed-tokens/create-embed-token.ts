// POST /v1/embed-tokens: find or make the user's affiliate and sign a token for its embedded referral page
import { embedOptions } from '../../contracts/embed';
import { issueEmbedToken } from '../../domain/embed/issue-token';
import { workspaceProcedure } from '../../trpc/procedures';
import { createEmbedTokenInput, createEmbedTokenMeta, createEmbedTokenOutput } from './create-embed-token.types';

export const createEmbedTokenProcedure = workspaceProcedure('write')
  .meta(createEmbedTokenMeta)
  .input(createEmbedTokenInput)
  .output(createEmbedTokenOutput)
  .mutation(async ({ ctx, input }) => {
    const issued = await issueEmbedToken({
      ctx,
      input: {
        tenantId: input.tenant_id,
        email: input.email,
        name: input.name,
        campaignId: input.campaign_id,
        origin: input.origin,
        options: input.options ?? embedOptions.parse({}),
      },
    });
    // Finding the affiliate again is not a creation (docs/api.md#answers-and-success-statuses).
    if (!issued.created) ctx.response.status = 200;
    return {
      object: 'embed_token' as const,
      data: {
        token: issued.token,
        expires_at: issued.expiresAt.toISOString(),
        affiliate_id: issued.affiliate.id,
        affiliate_status: issued.affiliate.status,
        origin: issued.origin,
        // The token is base64url and dots: safe in a query as it is.
        url: `${ctx.services.config.publicUrl}/embed/referrals?token=${issued.token}`,
        created: issued.created,
      },
    };
  });
