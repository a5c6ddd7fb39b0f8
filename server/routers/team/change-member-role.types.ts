import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { memberRecord, teamRole } from '../../contracts/team';

export const changeMemberRoleInput = z.strictObject({ user_id: recordId, role: teamRole });
export const changeMemberRoleOutput = memberRecord.omit({ created_at: true });
