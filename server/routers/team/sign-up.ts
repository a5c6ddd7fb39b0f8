// dashboard: the first owner's sign-up, open only while the install has no user
import { z } from 'zod';
import { signUpFirstOwner, signUpOpen } from '../../domain/team/sign-up';
import { publicProcedure } from '../../trpc/procedures';
import { signUpInput } from './team.types';

export const signUpOpenProcedure = publicProcedure
  .input(z.object({}).optional())
  .output(z.object({ open: z.boolean() }))
  .query(async ({ ctx }) => ({ open: await signUpOpen(ctx.db) }));

export const signUpProcedure = publicProcedure
  .input(signUpInput)
  .output(z.object({ workspace_id: z.uuid(), email: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const r = await signUpFirstOwner(ctx.db, { workspaceName: input.workspace_name, email: input.email, password: input.password, name: input.name });
    return { workspace_id: r.workspaceId, email: r.email };
  });
