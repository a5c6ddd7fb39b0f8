import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { memberRecord } from '../../contracts/team';

export const removeMemberInput = z.strictObject({ user_id: recordId });
export const removeMemberOutput = memberRecord.omit({ created_at: true });
