// POST /v1/affiliates/invite: invite an affiliate by e-mail and queue the invitation
import { inviteAffiliate } from '../../domain/affiliates/invite-affiliate';
import { workspaceProcedure } from '../../trpc/procedures';
import { inviteAffiliateInput, inviteAffiliateMeta, inviteAffiliateOutput } from './invite-affiliate.types';

export const inviteAffiliateProcedure = workspaceProcedure('write')
  .meta(inviteAffiliateMeta)
  .input(inviteAffiliateInput)
  .output(inviteAffiliateOutput)
  .mutation(async ({ ctx, input }) => {
    const { row, created, refCodeChanged } = await inviteAffiliate({
      ctx,
      input: { email: input.email, name: input.name, refCode: input.ref_code, campaignId: input.campaign_id },
      publicUrl: ctx.services.config.publicUrl,
    });
    // Repeating an invitation is not a creation (docs/api.md#answers-and-success-statuses).
    if (!created) ctx.response.status = 200;
    return {
      object: 'affiliate_invite' as const,
      data: {
        affiliate_id: row.id,
        ref_code: row.refCode,
        ref_code_changed: refCodeChanged,
        email: row.email ?? input.email,
        status: row.status,
        created,
      },
    };
  });
