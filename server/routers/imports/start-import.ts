// dashboard: start an import from another platform, or its dry run (the import job runs it)
import { startImportRun } from '../../importers/import-runs';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentImportRun } from './import-run.types';
import { startImportInput, startImportOutput } from './start-import.types';

export const startImportProcedure = workspaceProcedure('write')
  .input(startImportInput)
  .output(startImportOutput)
  .mutation(async ({ ctx, input }) => ({
    data: presentImportRun(await startImportRun({ ctx, peer: input.peer, apiKey: input.api_key, account: input.account ?? null, dryRun: input.dry_run })),
  }));
