import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { workspaceKeyRecord } from '../../contracts/team';

export const revokeKeyInput = z.strictObject({ id: recordId });
export const revokeKeyOutput = workspaceKeyRecord;
