import { Writable } from 'node:stream';
import type { Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { systemActor } from '../domain/context';
import { seedDemo } from '../domain/demo/seed';
import { createWorkspaceKey, listWorkspaceKeys, revokeWorkspaceKey } from '../domain/keys/workspace-keys';
import { addMember } from '../domain/team/members';
import type { Role } from '../domain/users/users';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { readConfig, type Config } from '../lib/env';
import { flag, UsageError, type Flags, type Out } from './args';
import { migrateData } from './migrate-data';
import { importCommand } from '../importers/cli';

// The operator at the command line, as the audit log names them.
const CLI = systemActor('cli');

/** A command on the configured database; `args` are the words after the command's name. */
type Command = (db: Database, flags: Flags, out: Out, args: string[]) => Promise<void>;
/** A command that opens the databases it needs itself. */
export type StandaloneCommand = (config: Config, flags: Flags, out: Out) => Promise<void>;

const ROLES: Role[] = ['owner', 'admin', 'viewer'];

// The commands of docs/cli.md. Each prints one human line, or one JSON document with --json.
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
    const scopes = f.scopes?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
    const name = f.name ?? null;
    const { key, token } = await createWorkspaceKey({ ctx: { db, workspaceId: flag(f, 'workspace'), actor: CLI }, input: { scopes, name } });
    out.print(`${token}\n(key ${key.id}; shown once, store it now)`, { token, id: key.id });
  },
  'keys list': async ({ db }, f, out) => {
    const keys = await listWorkspaceKeys(db, f.workspace);
    const rows = keys.map((k) => ({ id: k.id, workspace_id: k.workspaceId, name: k.name, start: k.start, scopes: k.scopes, created_at: k.createdAt.toISOString(), last_used_at: k.lastUsedAt?.toISOString() ?? null, revoked_at: k.revokedAt?.toISOString() ?? null }));
    out.print(rows.map((k) => `${k.id}  ${k.start}…  [${k.scopes.join(',') || 'read'}]  ${k.revoked_at ? 'revoked' : 'active'}  ${k.name ?? ''}`).join('\n') || 'no keys', rows);
  },
  'keys revoke': async ({ db }, f, out, args) => {
    const id = args[0] ?? flag(f, 'id');
    const key = await revokeWorkspaceKey({ db, actor: CLI }, id);
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
  // import <rewardful|firstpromoter|tolt> --workspace ID --api-key KEY [--account-id ID] [--program-id ID] [--dry-run] [--base-url URL] (server/importers/cli.ts)
  import: importCommand,
  'user create': async ({ db }, f, out) => {
    const role = f.role ?? 'owner';
    if (!ROLES.includes(role as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    const ctx = { db, workspaceId: flag(f, 'workspace'), actor: CLI };
    const user = await addMember({ ctx, actorRole: 'owner', input: { email: flag(f, 'email'), password: flag(f, 'password'), role: role as Role } });
    out.print(`user ${user.userId} (${user.email})`, { id: user.userId, email: user.email });
  },
};

/**
 * `npx refcount mcp`: the MCP server over stdio for a local agent (docs/client-and-mcp.md), as the
 * key in REFCOUNT_API_KEY. stdout carries the protocol, so nothing else is printed there.
 */
const mcp: StandaloneCommand = async (config) => {
  const apiKey = process.env.REFCOUNT_API_KEY;
  if (!apiKey) throw new UsageError('set REFCOUNT_API_KEY to a workspace key (sa_live_…) or an affiliate key (refa_live_…)');
  const { openServices, closeServices } = await import('../runtime/services');
  const { serveMcpOverStdio } = await import('../mcp/server');
  // The protocol keeps stdout; log lines (server/lib/log.ts writes info to stdout) go to stderr.
  const write = process.stdout.write.bind(process.stdout);
  const protocol = new Writable({ write: (chunk, _encoding, done) => void write(chunk, done) });
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const services = await openServices(config);
  const server = await serveMcpOverStdio(services, apiKey, { input: process.stdin, output: protocol });
  await new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await closeServices(services);
};

export const STANDALONE: Record<string, StandaloneCommand> = { 'migrate-data': migrateData, mcp };

type Found = { kind: 'database'; command: Command; rest: string[] } | { kind: 'standalone'; command: StandaloneCommand };

export function findCommand(positional: string[]): Found {
  const two = positional.slice(0, 2).join(' ');
  if (COMMANDS[two]) return { kind: 'database', command: COMMANDS[two], rest: positional.slice(2) };
  if (positional[0] && COMMANDS[positional[0]]) return { kind: 'database', command: COMMANDS[positional[0]], rest: positional.slice(1) };
  if (positional[0] && STANDALONE[positional[0]] && positional.length === 1) return { kind: 'standalone', command: STANDALONE[positional[0]] };
  const names = [...Object.keys(COMMANDS), ...Object.keys(STANDALONE)];
  throw new UsageError(`unknown command "${positional.join(' ')}"; commands: ${names.join(', ')}`);
}
