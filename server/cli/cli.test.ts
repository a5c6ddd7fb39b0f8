import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// The commands of docs/cli.md through the real entry point, on an embedded database of its own.
const dir = join(mkdtempSync(join(tmpdir(), 'refcount-cli-')), 'pglite');
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/refcount.mjs', ...args], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8' });
const json = (r: ReturnType<typeof cli>) => {
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
};

it('creates a workspace, a key and a user, lists and revokes keys', () => {
  const ws = json(cli('workspace', 'create', '--name', 'Acme Co', '--json'));
  expect(ws).toEqual({ id: expect.any(String), name: 'Acme Co' });
  const key = json(cli('keys', 'create', `--workspace=${ws.id}`, '--scopes', 'read, track', '--name', 'ci', '--json'));
  expect(key.token).toMatch(/^sa_live_[A-Za-z0-9]{40}$/);
  const user = cli('user', 'create', '--email', 'ops@example.com', '--password', 'a long password', '--workspace', ws.id);
  expect(user.stdout).toMatch(/^user [0-9a-f-]{36} \(ops@example\.com\)\n$/);
  expect(json(cli('keys', 'list', '--workspace', ws.id, '--json'))).toEqual([
    expect.objectContaining({ id: key.id, name: 'ci', scopes: ['read', 'track'], revoked_at: null }),
  ]);
  expect(cli('keys', 'revoke', key.id).stdout).toBe(`revoked ${key.id}\n`);
  expect(cli('keys', 'list').stdout).toMatch(new RegExp(`^${key.id}  sa_live_\\w+…  \\[read,track\\]  revoked  ci\\n$`));
}, 180_000);

it('answers a mistake with one line on stderr and exit 1', () => {
  for (const [args, message] of [
    [['keys', 'create', '--workspace'], "Option '--workspace <value>' argument missing"],
    [['keys', 'list', '--workspaces', 'x'], "Unknown option '--workspaces'"],
    [['workspace', 'create'], '--name is required'],
    [['user', 'create', '--email', 'a@example.com', '--password', 'long enough', '--workspace', 'x', '--role', 'boss'], '--role must be one of owner, admin, viewer'],
    [['keys', 'rotate'], 'unknown command "keys rotate"'],
    [['migrate-data'], '--to postgres://… is required (or set DATABASE_URL)'],
  ] as const) {
    const r = cli(...args);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^refcount: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\n$`));
  }
}, 180_000);
