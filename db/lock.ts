import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Refcount process (pid ${pid}). ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PGlite has no lock of its own, and a second process writing the same directory silently
// loses data. The lock is a numbered claim in `<dir>.locks/`, each file holding its owner's pid
// (or `released`); the highest number is the current claim. Taking the lock creates the next
// number with link() (atomic, fails if the number exists), so a dead owner's claim is never
// deleted by a newcomer: two processes breaking one stale claim race for the same next number and
// exactly one wins, the loser reads a live owner. The highest claim is never deleted (release
// marks it `released`), so numbers only grow and a slow process cannot re-create a number below
// the current claim unnoticed: after creating its claim each process checks it is the highest.
// Why not proper-lockfile: its stale takeover is stat, remove, retry, the same read-then-delete
// race this replaces, and its staleness is by mtime (a crashed server blocks restarts ~10 s).
const WIDTH = 12;
const RELEASED = 'released';

const claims = (locks: string) =>
  readdirSync(locks)
    .filter((f) => /^\d+$/.test(f))
    .map(Number)
    .sort((a, b) => a - b);
const claimFile = (locks: string, n: number) => join(locks, String(n).padStart(WIDTH, '0'));

/** The pid a claim names, null when released or dead, 'gone' when removed since listed. */
function liveOwner(locks: string, n: number): number | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(claimFile(locks, n), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
  const pid = text === RELEASED ? 0 : Number(text);
  return pid && alive(pid) ? pid : null;
}

/** Writes `content` to `target` atomically: readers see the old file or the new one, never half. */
function writeAtomically(locks: string, target: string, content: string, replace: boolean) {
  const tmp = join(locks, `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(tmp, content);
  try {
    if (replace) renameSync(tmp, target);
    else linkSync(tmp, target); // EEXIST: another process holds this number
  } finally {
    rmSync(tmp, { force: true });
  }
}

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const locks = join(dirname(dir), `${basename(dir)}.locks`);
  mkdirSync(locks, { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    const top = claims(locks).at(-1) ?? 0;
    const owner = top ? liveOwner(locks, top) : null;
    if (owner === 'gone') continue;
    if (owner) throw new DatabaseLockedError(dir, owner);
    const mine = top + 1;
    try {
      writeAtomically(locks, claimFile(locks, mine), String(process.pid), false);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue; // lost the race: look again
      throw err;
    }
    const now = claims(locks);
    if (now.at(-1) !== mine) {
      // A slow start re-created a number below the current claim: step back.
      rmSync(claimFile(locks, mine), { force: true });
      continue;
    }
    for (const n of now) if (n < mine) rmSync(claimFile(locks, n), { force: true });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      writeAtomically(locks, claimFile(locks, mine), RELEASED, true);
    };
    process.once('exit', release);
    return release;
  }
  throw new Error(`could not lock ${dir}: too many processes starting at once`);
}
