import { router } from '../../trpc/init';
import { getImportProcedure } from './get-import';
import { listImportsProcedure } from './list-imports';
import { startImportProcedure } from './start-import';

// Dashboard-only: not part of /v1 (no OpenAPI meta), reached through the session. Imports from
// another platform (docs/moving-from-another-platform.md#from-the-dashboard).
export const importsRouter = router({
  list: listImportsProcedure,
  get: getImportProcedure,
  start: startImportProcedure,
});
