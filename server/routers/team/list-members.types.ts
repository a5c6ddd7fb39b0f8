import { z } from 'zod';
import { memberRecord } from '../../contracts/team';

export const listMembersInput = z.object({}).optional();
export const listMembersOutput = z.object({ data: z.array(memberRecord) });
