// dashboard-only (portal): the program's name, logo and colour for the portal's header
import { z } from 'zod';
import { presentProgramBrand, programBrandRecord } from '../../contracts/program-brand';
import { programBrand } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { portalProcedure } from './portal-procedure';

export const portalProgram = portalProcedure
  .input(z.object({}).optional())
  .output(z.object({ data: programBrandRecord }))
  .query(async ({ ctx }) => {
    const brand = await programBrand({ ctx });
    if (!brand) throw notFound('program');
    return { data: presentProgramBrand(brand) };
  });
