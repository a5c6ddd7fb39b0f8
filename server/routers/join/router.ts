import { router } from '../../trpc/init';
import { applyProcedure } from './apply';
import { getProgramProcedure } from './get-program';

// The public join page /join/{program}: dashboard-only (not part of /v1), no sign-in.
export const joinRouter = router({
  program: getProgramProcedure,
  submit: applyProcedure,
});
