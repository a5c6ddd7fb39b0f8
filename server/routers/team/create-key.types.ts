import { z } from 'zod';
import { name } from '../../contracts/common';
import { workspaceKeyRecord } from '../../contracts/team';
import { KEY_SCOPES } from '../../model/enums';

export const createKeyInput = z.strictObject({ name: name.optional(), scopes: z.array(z.enum(KEY_SCOPES)).max(5) });
export const createKeyOutput = z.object({ data: workspaceKeyRecord, token: z.string() });
