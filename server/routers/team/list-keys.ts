// dashboard: the workspace's API keys (never their tokens)
import { z } from 'zod';
import { listWorkspaceKeys } from '../../domain/keys/workspace-keys';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentKey } from './present';
import { keyRecord } from './team.types';

export const listKeysProcedure = workspaceProcedure('read')
  .input(z.object({}).optional())
  .output(z.object({ data: z.array(keyRecord) }))
  .query(async ({ ctx }) => ({ data: (await listWorkspaceKeys(ctx.db, ctx.workspaceId)).map(presentKey) }));
