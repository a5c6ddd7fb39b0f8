// dashboard-only (public): "forgot your password?" for managers: e-mail a one-time link (reset-password.ts spends it)
import { spendFromClient, spendSignInLink } from '../../auth/sign-in-link-limit';
import { normaliseEmail } from '../../domain/affiliates/normalise-email';
import { requestPasswordReset } from '../../domain/users/password-reset';
import { publicProcedure } from '../../trpc/procedures';
import { requestPasswordResetInput, requestPasswordResetOutput } from './request-password-reset.types';

export const requestPasswordResetProcedure = publicProcedure
  .input(requestPasswordResetInput)
  .output(requestPasswordResetOutput)
  .mutation(async ({ ctx, input }) => {
    // The portal's budgets for e-mailed links: per client address, and per inbox (kept apart by its prefix).
    await spendFromClient(ctx.services, 'signInLinks', ctx.clientIp);
    await spendSignInLink(ctx.services, `manager:${normaliseEmail(input.email)}`);
    await requestPasswordReset(ctx.db, { email: input.email, publicUrl: ctx.services.config.publicUrl });
    return { ok: true as const };
  });
