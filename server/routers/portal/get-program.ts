// dashboard-only (portal): the program's name, logo and colour for the portal's header
import { presentProgramBrand } from '../../contracts/program-brand';
import { programBrand } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { portalProcedure } from '../../trpc/procedures';
import { getProgramInput, getProgramOutput } from './get-program.types';

export const getProgramProcedure = portalProcedure
  .input(getProgramInput)
  .output(getProgramOutput)
  .query(async ({ ctx }) => {
    const brand = await programBrand({ ctx });
    if (!brand) throw notFound('program');
    return { data: presentProgramBrand(brand) };
  });
