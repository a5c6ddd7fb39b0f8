// dashboard: who is signed in, and whether the UI may show write actions
import { z } from 'zod';
import { grants } from '../../auth/scopes';
import { workspaceProcedure } from '../../trpc/procedures';
import { meOutput } from './team.types';

export const getMeProcedure = workspaceProcedure('read')
  .input(z.object({}).optional())
  .output(meOutput)
  .query(({ ctx }) => ({
    workspace_id: ctx.workspaceId,
    role: ctx.actor.kind === 'user' ? ctx.actor.role : null,
    can_write: grants(ctx.actor.scopes, 'write'),
  }));
