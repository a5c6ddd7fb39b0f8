import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'refcount-lock-')), 'pglite');
const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['bin/refcount.mjs', ...args], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8' });

describe('embedded database lock', () => {
  it('makes the CLI refuse while a server holds the directory, and work after it stops', async () => {
    const dir = freshDir();
    const server = await openDatabase({ dataDir: dir, lock: true });
    const refused = cli(dir, 'keys', 'list');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/in use by another Refcount process \(pid \d+\)/);
    await server.close();
    const ok = cli(dir, 'keys', 'list');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
  }, 60_000);

  it('takes over the lock of a process that died', async () => {
    const dir = freshDir();
    const child = spawn('sleep', ['0']);
    await new Promise((r) => child.on('exit', r));
    writeFileSync(`${dir}.lock`, String(child.pid));
    const db = await openDatabase({ dataDir: dir, lock: true });
    await db.close();
  }, 30_000);
});
