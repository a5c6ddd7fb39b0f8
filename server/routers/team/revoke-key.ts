// dashboard: revoke a workspace key at once
import { presentWorkspaceKey } from '../../contracts/team';
import { revokeWorkspaceKey } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { revokeKeyInput, revokeKeyOutput } from './revoke-key.types';

export const revokeKeyProcedure = workspaceProcedure('write')
  .input(revokeKeyInput)
  .output(revokeKeyOutput)
  .mutation(async ({ ctx, input }) => presentWorkspaceKey(await revokeWorkspaceKey(ctx, input.id)));
