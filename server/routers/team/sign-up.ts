// dashboard (public): the first owner's sign-up, open only while the install has no user
import { signUpFirstOwner } from '../../domain/team/sign-up';
import { publicProcedure } from '../../trpc/procedures';
import { signUpInput, signUpOutput } from './sign-up.types';

export const signUpProcedure = publicProcedure
  .input(signUpInput)
  .output(signUpOutput)
  .mutation(async ({ ctx, input }) => {
    const r = await signUpFirstOwner(ctx.db, { workspaceName: input.workspace_name, email: input.email, password: input.password, name: input.name });
    return { workspace_id: r.workspaceId, email: r.email };
  });
