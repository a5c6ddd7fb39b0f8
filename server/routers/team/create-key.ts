// dashboard: mint an sa_live_ key; the token is in this answer only
import { createWorkspaceKey } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentKey } from './present';
import { createKeyInput, createKeyOutput } from './team.types';

export const createKeyProcedure = workspaceProcedure('write')
  .input(createKeyInput)
  .output(createKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { key, token } = await createWorkspaceKey({ ctx, input: { scopes: input.scopes, name: input.name } });
    return { data: presentKey(key), token };
  });
