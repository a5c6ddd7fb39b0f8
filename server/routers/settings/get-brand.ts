// dashboard-only: the program as affiliates see it (name, logo as the pages load it, colour), for
// the branding form's preview
import { presentProgramBrand } from '../../contracts/program-brand';
import { programBrand } from '../../domain/settings/program-brand';
import { notFound } from '../../errors/errors';
import { workspaceProcedure } from '../../trpc/procedures';
import { getBrandInput, getBrandOutput } from './get-brand.types';

export const getBrandProcedure = workspaceProcedure('read')
  .input(getBrandInput)
  .output(getBrandOutput)
  .query(async ({ ctx }) => {
    const brand = await programBrand({ ctx });
    if (!brand) throw notFound('program');
    return { data: presentProgramBrand(brand) };
  });
