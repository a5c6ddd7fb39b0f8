// dashboard-only (public): the branding of the program whose join page is /join/{program}, and its deal in words
import { presentProgramBrand } from '../../contracts/program-brand';
import { campaignTermsInWords } from '../../domain/rules/terms-words';
import { programByJoinKey } from '../../domain/settings/program-brand';
import { readSettings } from '../../domain/settings/settings';
import { notFound } from '../../errors/errors';
import { groupBySlug } from '../../domain/groups/groups';
import { publicProcedure } from '../../trpc/procedures';
import { getProgramInput, getProgramOutput } from './get-program.types';

export const getProgramProcedure = publicProcedure
  .input(getProgramInput)
  .output(getProgramOutput)
  .query(async ({ ctx, input }) => {
    const program = await programByJoinKey(ctx.db, input.program);
    if (!program) throw notFound('program');
    // An applicant joins the default campaign: its terms are the deal the join page offers.
    const ws = { db: ctx.db, workspaceId: program.workspaceId };
    // a partner group's join page (/join/{program}/{slug}) answers only for a group of that program
    if (input.group !== undefined && !(await groupBySlug({ ctx: ws, slug: input.group }))) throw notFound('group');
    const { currency } = await readSettings(ws);
    return { data: { ...presentProgramBrand(program), commission_terms: await campaignTermsInWords({ ctx: ws, campaignId: null, currency }) } };
  });
