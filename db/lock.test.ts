import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'refcount-lock-')), 'pglite');
const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['bin/refcount.mjs', ...args], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8' });

/** A pid that no process has now: a child that has exited. */
async function deadPid() {
  const child = spawn('sleep', ['0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

/** The claim a crashed server leaves behind (db/lock.ts layout). */
async function leaveStaleClaim(dir: string) {
  mkdirSync(`${dir}.locks`, { recursive: true });
  writeFileSync(join(`${dir}.locks`, '000000000007'), String(await deadPid()));
}

// A process that takes the lock of the directory named on each stdin line and answers `owner`
// or `locked` on stdout; it holds what it took until stdin closes.
const CONTENDER = `
import { createInterface } from 'node:readline';
import { lockDataDir, DatabaseLockedError } from './db/lock.ts';
process.stdout.write('ready\\n');
for await (const dir of createInterface({ input: process.stdin })) {
  try { lockDataDir(dir); process.stdout.write('owner\\n'); }
  catch (e) { process.stdout.write(e instanceof DatabaseLockedError ? 'locked\\n' : 'error ' + e.message + '\\n'); }
}
process.exit(0);
`;

function contender() {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return { child, next: async () => (await lines.next()).value as string };
}

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

  it('a second server on a held directory says so in one line and exits 1', async () => {
    const dir = freshDir();
    const held = await openDatabase({ dataDir: dir, lock: true });
    try {
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
        env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '', PORT: '0', RUN_JOBS: 'false' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^refcount: The embedded database in .* is in use by another Refcount process \(pid \d+\)/)]);
    } finally {
      await held.close();
    }
  }, 90_000);

  it('takes over the lock of a process that died', async () => {
    const dir = freshDir();
    await leaveStaleClaim(dir);
    const db = await openDatabase({ dataDir: dir, lock: true });
    await expect(openDatabase({ dataDir: dir, lock: true })).rejects.toThrow(/in use by another Refcount process/);
    await db.close();
    (await openDatabase({ dataDir: dir, lock: true })).close();
  }, 30_000);

  it('20 processes starting together on a dead owner’s lock: exactly one takes it, every round', async () => {
    const procs = Array.from({ length: 20 }, contender);
    const children: ChildProcess[] = procs.map((p) => p.child);
    try {
      expect(await Promise.all(procs.map((p) => p.next()))).toEqual(Array(20).fill('ready'));
      for (let round = 0; round < 5; round++) {
        const dir = freshDir();
        await leaveStaleClaim(dir);
        // Every contender is waiting on its stdin: one write each releases them together.
        for (const c of children) c.stdin!.write(`${dir}\n`);
        const answers = await Promise.all(procs.map((p) => p.next()));
        expect(answers.filter((a) => a === 'owner'), `round ${round}: ${answers.join(',')}`).toHaveLength(1);
        expect(answers.filter((a) => a === 'locked')).toHaveLength(19);
      }
    } finally {
      await Promise.all(children.map((c) => new Promise((r) => (c.once('exit', r), c.stdin!.end()))));
    }
  }, 120_000);
});
