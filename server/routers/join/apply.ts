// dashboard-only (public): apply to a program from its join page; pending or active per its auto-approve setting
import { applyToProgram } from '../../domain/affiliates/apply';
import { programByJoinKey } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { publicProcedure } from '../../trpc/procedures';
import { spendSignInLink } from '../../auth/sign-in-link-limit';
import { applyInput, applyOutput } from './apply.types';

export const applyProcedure = publicProcedure
  .input(applyInput)
  .output(applyOutput)
  .mutation(async ({ ctx, input }) => {
    const program = await programByJoinKey(ctx.db, input.program);
    if (!program) throw notFound('program');
    // Each application e-mails the address: the same per-address budget as sign-in links keeps
    // the form from flooding someone's inbox.
    await spendSignInLink(ctx.services, `join:${input.email}`);
    await applyToProgram(ctx.db, {
      program,
      application: { email: input.email, name: input.name, note: input.note || undefined },
      publicUrl: ctx.services.config.publicUrl,
    });
    return { ok: true as const };
  });
