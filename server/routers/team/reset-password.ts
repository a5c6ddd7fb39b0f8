// dashboard-only (public): set a manager's new password with the one-time link request-password-reset e-mailed
import { resetPassword } from '../../domain/users/password-reset';
import { publicProcedure } from '../../trpc/procedures';
import { resetPasswordInput, resetPasswordOutput } from './reset-password.types';

export const resetPasswordProcedure = publicProcedure
  .input(resetPasswordInput)
  .output(resetPasswordOutput)
  .mutation(async ({ ctx, input }) => resetPassword(ctx.db, input));
