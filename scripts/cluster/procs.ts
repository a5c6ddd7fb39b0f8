import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

// The processes of the cluster, started as production starts them (`npm start`, `npx refcount
// worker`), each in its own process group so kill -9 reaches the node process under npm and tsx.

export type Proc = { name: string; child: ChildProcess; exited: Promise<number | null>; kill9: () => void; stop: () => Promise<void> };

const logDir = join(process.cwd(), '.data', 'cluster');

export function startProc(name: string, cmd: string, args: string[], env: Record<string, string>): Proc {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`));
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {}
  };
  return {
    name,
    child,
    exited,
    kill9: () => group('SIGKILL'),
    stop: async () => {
      group('SIGTERM');
      const timer = setTimeout(() => group('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `url` answers HTTP at all (any status), or throws after `seconds`. */
export async function waitForHttp(url: string, proc: Proc, seconds = 120) {
  let dead = false;
  void proc.exited.then(() => (dead = true));
  for (let i = 0; i < seconds * 4; i++) {
    if (dead) throw new Error(`${proc.name} exited before answering (see .data/cluster/${proc.name}.log)`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${proc.name} did not answer at ${url} within ${seconds}s`);
}

/** `npx refcount <args> --json` on the cluster's database: the operator's own commands. */
export function refcount(env: Record<string, string>, ...args: string[]): Record<string, string> {
  const r = spawnSync(process.execPath, ['bin/refcount.mjs', ...args, '--json'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`refcount ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout);
}
