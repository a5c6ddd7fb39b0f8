// CPU time of the processes under test, read from /proc around each run (Linux only): where a
// request's time goes, which a latency figure on a shared 2-core machine cannot say.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Milliseconds the threads of one process have spent runnable but waiting for a CPU so far
 * (/proc/<pid>/task/<tid>/schedstat, 2nd field, ns): at an equal arrival rate, the server that uses
 * more CPU per request makes everyone on the machine queue longer, and this is where its p99 goes.
 * NaN where the kernel keeps no such figures.
 */
export function runQueueMs(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e6, 0);
  } catch {
    return Number.NaN;
  }
}

const postgresPids = () => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** CPU and run-queue milliseconds so far of every `postgres` process (backends and background workers). */
export const postgresTimes = () => new Map(postgresPids().map((pid) => [pid, { cpu: cpuMs(pid), waited: runQueueMs(pid) || 0 }]));

/**
 * PostgreSQL's CPU and run-queue milliseconds since `before`, per process: one started meanwhile
 * counts from zero; one that ended meanwhile is left out (it can no longer be read, and its whole
 * life must not be subtracted).
 */
export function postgresSince(before: ReturnType<typeof postgresTimes>) {
  let cpu = 0;
  let waited = 0;
  for (const [pid, now] of postgresTimes()) {
    cpu += now.cpu - (before.get(pid)?.cpu ?? 0);
    waited += now.waited - (before.get(pid)?.waited ?? 0);
  }
  return { cpu, waited };
}
