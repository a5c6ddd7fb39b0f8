// dashboard-only: the program as affiliates see it (name, logo as the pages load it, colour), for
// the branding form's preview
import { z } from 'zod';
import { presentProgramBrand, programBrandRecord } from '../../contracts/program-brand';
import { programBrand } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { workspaceProcedure } from '../../trpc/procedures';

export const getBrandProcedure = workspaceProcedure('read')
  .input(z.object({}).optional())
  .output(z.object({ data: programBrandRecord }))
  .query(async ({ ctx }) => {
    const brand = await programBrand({ ctx });
    if (!brand) throw notFound('program');
    return { data: presentProgramBrand(brand) };
  });
