// dashboard-only (public): the branding of the program whose join page is /join/{program}
import { presentProgramBrand } from '../../contracts/program-brand';
import { programByJoinKey } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { publicProcedure } from '../../trpc/procedures';
import { getProgramInput, getProgramOutput } from './get-program.types';

export const getProgramProcedure = publicProcedure
  .input(getProgramInput)
  .output(getProgramOutput)
  .query(async ({ ctx, input }) => {
    const program = await programByJoinKey(ctx.db, input.program);
    if (!program) throw notFound('program');
    return { data: presentProgramBrand(program) };
  });
