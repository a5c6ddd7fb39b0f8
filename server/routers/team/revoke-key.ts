// dashboard: revoke a workspace key at once
import { revokeWorkspaceKey } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentKey } from './present';
import { keyRecord, revokeKeyInput } from './team.types';

export const revokeKeyProcedure = workspaceProcedure('write')
  .input(revokeKeyInput)
  .output(keyRecord)
  .mutation(async ({ ctx, input }) => presentKey(await revokeWorkspaceKey(ctx, input.id)));
