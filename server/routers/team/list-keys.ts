// dashboard: the workspace's API keys (never their tokens)
import { presentWorkspaceKey } from '../../contracts/team';
import { listWorkspaceKeys } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { listKeysInput, listKeysOutput } from './list-keys.types';

export const listKeysProcedure = workspaceProcedure('read')
  .input(listKeysInput)
  .output(listKeysOutput)
  .query(async ({ ctx }) => ({ data: (await listWorkspaceKeys(ctx.db, ctx.workspaceId)).map(presentWorkspaceKey) }));
