import { z } from 'zod';
import { email, name, recordId, timestamp, uuid } from '../../contracts/common';
import { KEY_SCOPES, TEAM_ROLES } from '../../model/enums';

// Dashboard-only procedures (no /v1 meta): team, workspace keys and the first sign-up.
export const role = z.enum(TEAM_ROLES);
const password = z.string().min(8, 'use at least 8 characters').max(200);

export const memberRecord = z.object({ user_id: uuid, email: z.string(), name: z.string().nullable(), role, created_at: timestamp });
export const meOutput = z.object({ workspace_id: uuid, role: role.nullable(), can_write: z.boolean() });

export const addMemberInput = z.strictObject({ email, password, role, name: name.optional() });
export const listMembersOutput = z.object({ data: z.array(memberRecord) });
export const removeMemberInput = z.strictObject({ user_id: recordId });
export const changeMemberRoleInput = z.strictObject({ user_id: recordId, role });

export const keyRecord = z.object({
  id: uuid,
  name: z.string().nullable(),
  scopes: z.array(z.string()),
  start: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable().describe('to the minute: a key used within a minute is not written again'),
  revoked_at: timestamp.nullable(),
});
export const createKeyInput = z.strictObject({ name: name.optional(), scopes: z.array(z.enum(KEY_SCOPES)).max(4) });
export const createKeyOutput = z.object({ data: keyRecord, token: z.string() });
export const revokeKeyInput = z.strictObject({ id: recordId });

export const signUpInput = z.strictObject({ workspace_name: name, email, password, name: name.optional() });
