// dashboard: mint an sa_live_ key; the token is in this answer only
import { presentWorkspaceKey } from '../../contracts/team';
import { createWorkspaceKey } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { createKeyInput, createKeyOutput } from './create-key.types';

export const createKeyProcedure = workspaceProcedure('write')
  .input(createKeyInput)
  .output(createKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { key, token } = await createWorkspaceKey({ ctx, input: { scopes: input.scopes, name: input.name } });
    return { data: presentWorkspaceKey(key), token };
  });
