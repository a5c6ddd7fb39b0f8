import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { teamRole } from '../../contracts/team';

export const getMeInput = z.object({}).optional();
export const getMeOutput = z.object({ workspace_id: uuid, role: teamRole.nullable(), can_write: z.boolean() });
