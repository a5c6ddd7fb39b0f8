import { KEY_SCOPES, type TeamRole } from '../model/enums';

export type Scope = (typeof KEY_SCOPES)[number];
// 'payouts': sending a batch moves the merchant's money (docs/paying-affiliates.md#sending-a-batch);
// write does not grant it, so a key that manages the program cannot pay out.
export type NeededScope = 'read' | 'write' | 'track' | 'payouts';

// Empty scopes can read; a key limited to write and/or track cannot: least privilege for keys that
// live on tracking servers (docs/workspaces-and-keys.md#workspace-keys-sa_live_).
export function grants(scopes: readonly string[], need: NeededScope): boolean {
  if (scopes.includes('*')) return true;
  if (need === 'read') return scopes.length === 0 || scopes.includes('read');
  return scopes.includes(need);
}

/** What a dashboard member may do, expressed as key scopes so one check serves both. */
export function scopesOfRole(role: TeamRole): string[] {
  return role === 'viewer' ? ['read'] : ['*'];
}

/** The scopes any one of which grants `need`, for a check made in SQL (not 'read': no scopes at all grant it too). */
export const scopesGranting = (need: Exclude<NeededScope, 'read'>): string[] => KEY_SCOPES.filter((s) => grants([s], need));
