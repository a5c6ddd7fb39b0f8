import { z } from 'zod';
import { workspaceKeyRecord } from '../../contracts/team';

export const listKeysInput = z.object({}).optional();
export const listKeysOutput = z.object({ data: z.array(workspaceKeyRecord) });
