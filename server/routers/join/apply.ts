// dashboard-only (public): apply to a program from its join page; pending or active per its auto-approve setting
import { applyToProgram } from '../../domain/affiliates/apply';
import { normaliseEmail } from '../../domain/affiliates/normalise-email';
import { programByJoinKey } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { publicProcedure } from '../../trpc/procedures';
import { spendFromClient, spendSignInLink } from '../../auth/sign-in-link-limit';
import { applyInput, applyOutput } from './apply.types';

export const applyProcedure = publicProcedure
  .input(applyInput)
  .output(applyOutput)
  .mutation(async ({ ctx, input }) => {
    const program = await programByJoinKey(ctx.db, input.program);
    if (!program) throw notFound('program');
    // Each application makes an affiliate or e-mails the address: a budget per client address
    // keeps a script from minting affiliates by the hundred, and one per inbox (every spelling of
    // it) keeps the form from flooding someone's inbox.
    await spendFromClient(ctx.services, 'applications', ctx.clientIp);
    await spendSignInLink(ctx.services, `join:${normaliseEmail(input.email)}`);
    await applyToProgram(ctx.db, {
      program,
      application: { email: input.email, name: input.name, note: input.note || undefined, group: input.group, via: input.via || undefined, signupIp: ctx.clientIp },
      publicUrl: ctx.services.config.publicUrl,
    });
    return { ok: true as const };
  });
