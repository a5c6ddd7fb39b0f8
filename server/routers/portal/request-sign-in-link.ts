// dashboard-only (portal, public): "e-mail me a sign-in link"; the same answer whether or not the e-mail has an account
import { sendSignInLinks } from '../../domain/portal/sign-in-link';
import { publicProcedure } from '../../trpc/procedures';
import { requestSignInLinkInput, requestSignInLinkOutput } from './request-sign-in-link.types';
import { spendSignInLink } from '../../auth/sign-in-link-limit';

export const portalRequestSignInLink = publicProcedure
  .input(requestSignInLinkInput)
  .output(requestSignInLinkOutput)
  .mutation(async ({ ctx, input }) => {
    await spendSignInLink(ctx.services, input.email);
    await sendSignInLinks(ctx.db, { email: input.email, publicUrl: ctx.services.config.publicUrl });
    return { ok: true as const };
  });
