// dashboard (public): whether the first owner's sign-up is still open (the install has no user yet)
import { signUpOpen } from '../../domain/team/sign-up';
import { publicProcedure } from '../../trpc/procedures';
import { getSignUpOpenInput, getSignUpOpenOutput } from './get-sign-up-open.types';

export const getSignUpOpenProcedure = publicProcedure
  .input(getSignUpOpenInput)
  .output(getSignUpOpenOutput)
  .query(async ({ ctx }) => ({ open: await signUpOpen(ctx.db) }));
