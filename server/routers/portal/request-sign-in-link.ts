// dashboard-only (portal, public): "e-mail me a sign-in link"; the same answer whether or not the e-mail has an account
import { normaliseEmail } from '../../domain/affiliates/normalise-email';
import { requestSignInLinks } from '../../domain/portal/sign-in-link';
import { publicProcedure } from '../../trpc/procedures';
import { requestSignInLinkInput, requestSignInLinkOutput } from './request-sign-in-link.types';
import { spendFromClient, spendSignInLink } from '../../auth/sign-in-link-limit';

export const requestSignInLinkProcedure = publicProcedure
  .input(requestSignInLinkInput)
  .output(requestSignInLinkOutput)
  .mutation(async ({ ctx, input }) => {
    await spendFromClient(ctx.services, 'signInLinks', ctx.clientIp);
    // One budget per inbox: `Ann+1@` and `ann@` land in the same one (normalise-email.ts).
    await spendSignInLink(ctx.services, normaliseEmail(input.email));
    // Answered before the e-mail is looked up, so its answer and its time say nothing about it.
    requestSignInLinks(ctx.db, { email: input.email, publicUrl: ctx.services.config.publicUrl });
    return { ok: true as const };
  });
