import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Refcount process (pid ${pid}). ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
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
// loses data. A pid file taken with O_EXCL is the lock; a dead owner's file is stale.
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '..', `${dir.split('/').filter(Boolean).pop()}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && alive(owner)) throw new DatabaseLockedError(dir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}
