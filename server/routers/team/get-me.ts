// dashboard: who is signed in, and whether the UI may show write actions
import { grants } from '../../auth/scopes';
import { workspaceProcedure } from '../../trpc/procedures';
import { getMeInput, getMeOutput } from './get-me.types';

export const getMeProcedure = workspaceProcedure('read')
  .input(getMeInput)
  .output(getMeOutput)
  .query(({ ctx }) => ({
    workspace_id: ctx.workspaceId,
    role: ctx.actor.kind === 'user' ? ctx.actor.role : null,
    can_write: grants(ctx.actor.scopes, 'write'),
  }));
