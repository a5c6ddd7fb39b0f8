import { z } from 'zod';
import { email, name } from '../../contracts/common';
import { memberRecord, password, teamRole } from '../../contracts/team';

export const addMemberInput = z.strictObject({ email, password, role: teamRole, name: name.optional() });
export const addMemberOutput = memberRecord.omit({ created_at: true });
