import { z } from 'zod';
import type { WorkspaceKey } from '../domain/keys/workspace-keys';
import { iso, isoOrNull, timestamp, uuid } from './common';
import { TEAM_ROLES } from '../model/enums';

// Dashboard-only (no /v1 meta): the workspace's members and its sa_live_ keys.
export const teamRole = z.enum(TEAM_ROLES);
export const password = z.string().min(8, 'use at least 8 characters').max(200);

export const memberRecord = z.object({ user_id: uuid, email: z.string(), name: z.string().nullable(), role: teamRole, created_at: timestamp });

export const workspaceKeyRecord = z.object({
  id: uuid,
  name: z.string().nullable(),
  scopes: z.array(z.string()),
  start: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable().describe('to the minute: a key used within a minute is not written again'),
  revoked_at: timestamp.nullable(),
});

/** The hash never leaves the server; `start` is enough to recognise a key. */
export const presentWorkspaceKey = (k: WorkspaceKey) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  start: k.start,
  created_at: iso(k.createdAt),
  last_used_at: isoOrNull(k.lastUsedAt),
  revoked_at: isoOrNull(k.revokedAt),
});
