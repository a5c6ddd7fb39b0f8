import type { Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { seedDemo } from '../domain/demo/seed';
import { createWorkspaceKey, listWorkspaceKeys, revokeWorkspaceKey } from '../domain/keys/workspace-keys';
import { createUser } from '../domain/users/users';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { readConfig } from '../lib/env';
import { flag, UsageError } from './args';

type Out = { json: boolean; print: (text: string, json: unknown) => void };
type Command = (db: Database, flags: Record<string, string | true>, out: Out) => Promise<void>;

// decisions.md §8. Each command prints one human line, or one JSON document with --json.
export const COMMANDS: Record<string, Command> = {
  migrate: async (database, _f, out) => {
    await migrate(database);
    out.print('migrations applied', { ok: true });
  },
  seed: async (database, _f, out) => {
    await migrate(database);
    const demo = await seedDemo(database.db);
    out.print(`demo workspace ${demo.workspaceId}\nlogin ${demo.email} / ${demo.password}\nkey ${demo.token}`, demo);
  },
  'workspace create': async ({ db }, f, out) => {
    const ws = await createWorkspace(db, { name: flag(f, 'name') });
    out.print(`workspace ${ws.id} (${ws.name})`, { id: ws.id, name: ws.name });
  },
  'keys create': async ({ db }, f, out) => {
    const scopes = typeof f.scopes === 'string' ? f.scopes.split(',').map((s) => s.trim()).filter(Boolean) : [];
    const name = typeof f.name === 'string' ? f.name : null;
    const { key, token } = await createWorkspaceKey(db, { workspaceId: flag(f, 'workspace'), scopes, name });
    out.print(`${token}\n(key ${key.id}; shown once, store it now)`, { token, id: key.id });
  },
  'keys list': async ({ db }, f, out) => {
    const keys = await listWorkspaceKeys(db, typeof f.workspace === 'string' ? f.workspace : undefined);
    const rows = keys.map((k) => ({ id: k.id, workspace_id: k.workspaceId, name: k.name, start: k.start, scopes: k.scopes, created_at: k.createdAt.toISOString(), last_used_at: k.lastUsedAt?.toISOString() ?? null, revoked_at: k.revokedAt?.toISOString() ?? null }));
    out.print(rows.map((k) => `${k.id}  ${k.start}…  [${k.scopes.join(',') || 'read'}]  ${k.revoked_at ? 'revoked' : 'active'}  ${k.name ?? ''}`).join('\n') || 'no keys', rows);
  },
  'keys revoke': async ({ db }, f, out) => {
    const id = (f._id as string) ?? flag(f, 'id');
    const key = await revokeWorkspaceKey(db, { id });
    out.print(`revoked ${key.id}`, { id: key.id, revoked_at: key.revokedAt?.toISOString() });
  },
  worker: async (database, _f, out) => {
    const { startJobRunner } = await import('../jobs/start');
    const jobs = await startJobRunner({ database, config: readConfig() });
    out.print('worker running: webhooks, hold-period confirmation, e-mail, risk (Ctrl-C stops)', { ok: true });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await jobs.stop();
  },
  'user create': async ({ db }, f, out) => {
    const user = await createUser(db, { email: flag(f, 'email'), password: flag(f, 'password'), workspaceId: flag(f, 'workspace'), role: (f.role as 'owner') ?? 'owner' });
    out.print(`user ${user.id} (${user.email})`, { id: user.id, email: user.email });
  },
};

export function findCommand(positional: string[]): { command: Command; rest: string[] } {
  const two = positional.slice(0, 2).join(' ');
  if (COMMANDS[two]) return { command: COMMANDS[two], rest: positional.slice(2) };
  if (positional[0] && COMMANDS[positional[0]]) return { command: COMMANDS[positional[0]], rest: positional.slice(1) };
  throw new UsageError(`unknown command "${positional.join(' ')}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
}
