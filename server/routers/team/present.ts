import { iso, isoOrNull } from '../../contracts/common';
import type { WorkspaceKey } from '../../domain/keys/workspace-keys';

/** The hash never leaves the server; `start` is enough to recognise a key. */
export const presentKey = (k: WorkspaceKey) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  start: k.start,
  created_at: iso(k.createdAt),
  last_used_at: isoOrNull(k.lastUsedAt),
  revoked_at: isoOrNull(k.revokedAt),
});
