// dashboard: one import of the workspace, its progress and report
import { getImportRun } from '../../importers/import-runs';
import { workspaceProcedure } from '../../trpc/procedures';
import { getImportInput, getImportOutput } from './get-import.types';
import { presentImportRun } from './import-run.types';

export const getImportProcedure = workspaceProcedure('read')
  .input(getImportInput)
  .output(getImportOutput)
  .query(async ({ ctx, input }) => ({ data: presentImportRun(await getImportRun(ctx, input.id)) }));
