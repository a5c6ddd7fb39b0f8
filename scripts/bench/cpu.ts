// CPU time of the processes under test, read from /proc around each run (Linux only): where a
// request's time goes, which a latency figure on a shared 2-core machine cannot say.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** User + system CPU milliseconds of one process so far (0 if it is gone). */
export function cpuMs(pid: number): number {
  try {
    // fields after the ")" that ends the command name: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU milliseconds of every `postgres` process (backends and background workers) so far. */
export function postgresCpuMs(): number {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return 0;
  }
  return pids.reduce((sum, pid) => sum + cpuMs(Number(pid)), 0);
}
