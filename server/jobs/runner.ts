import PgBoss from 'pg-boss';
import type { Database } from '@/db/client';
import { logError, logInfo } from '../lib/log';
import { bossDb } from './boss-db';

export type RegisterOptions = {
  /** Run every `every` seconds (and on nudge); at most one run waits while another runs. */
  every?: number;
  /** Jobs fetched per poll; register() runs them in parallel, registerBatch() hands them over together. */
  batchSize?: number;
  /** Pollers of this queue in this process. */
  workers?: number;
  /** How often an idle worker looks for jobs that other processes sent or that came due. */
  pollSeconds?: number;
  /** pg-boss's own retries of a handler that threw. */
  retryLimit?: number;
  retryDelay?: number;
  /** A job running longer than this is failed (and retried). */
  expireInSeconds?: number;
};
export type SendOptions = { startAfter?: Date; id?: string };
export type QueuedJob<T> = SendOptions & { data: T };

export type JobRunner = {
  register<T>(name: string, handler: (data: T) => Promise<void>, options?: RegisterOptions): Promise<void>;
  registerBatch<T>(name: string, handler: (data: T[]) => Promise<void>, options?: RegisterOptions): Promise<void>;
  send<T>(name: string, jobs: QueuedJob<T>[]): Promise<void>;
  /** Runs a periodic job now instead of at its next tick (cheap: at most one run is queued). */
  nudge(name: string): Promise<void>;
  stop(): Promise<void>;
};

// A run this long is logged as jobs.slow.
const SLOW_RUN_MS = 5_000;

/**
 * pg-boss on the application's own database (PGlite or PostgreSQL). Queues, periodic runs and
 * retries live in its `pgboss` schema; several worker processes on one PostgreSQL share them.
 */
export async function createJobRunner(database: Database): Promise<JobRunner> {
  const db = bossDb(database);
  // The cron timekeeper is off: periodic jobs here tick in seconds, which cron cannot express.
  const boss = new PgBoss({ db, schema: 'pgboss', migrate: true, schedule: false, supervise: true });
  boss.on('error', (err) => logError('jobs.error', { queue: (err as { queue?: string }).queue }, err));
  await boss.start();
  const workerIds = new Map<string, string[]>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const wake = (name: string) => workerIds.get(name)?.forEach((id) => boss.notifyWorker(id));

  async function declare(name: string, o: RegisterOptions) {
    const queue = { name, retryLimit: o.retryLimit ?? 2, retryDelay: o.retryDelay ?? 5, expireInSeconds: o.expireInSeconds ?? 900 };
    // `short` keeps one waiting run of a periodic job however often it is asked for.
    await boss.createQueue(name, { ...queue, policy: o.every ? 'short' : 'standard' });
    await boss.updateQueue(name, queue);
  }

  async function listen(name: string, o: RegisterOptions, onJobs: (jobs: PgBoss.Job<unknown>[]) => Promise<void>) {
    if (stopped) throw new Error('the job runner is stopped');
    await declare(name, o);
    const ids: string[] = [];
    const batchSize = o.batchSize ?? 1;
    for (let i = 0; i < (o.workers ?? 1); i++) {
      // The id is known only once work() returns; the worker may have fetched before that.
      const self: { id?: string } = {};
      self.id = await boss.work(name, { batchSize, pollingIntervalSeconds: o.pollSeconds ?? 2 }, async (jobs) => {
        const started = performance.now();
        await onJobs(jobs);
        // A run this long holds a connection (on the embedded database, the only one) that long:
        // said, so it is seen before it is felt (the risk job once ran 49 s unnoticed).
        const ms = Math.round(performance.now() - started);
        if (ms >= SLOW_RUN_MS) logInfo('jobs.slow', { queue: name, ms, jobs: jobs.length });
        // A full batch means a backlog: fetch again at once instead of sleeping a poll interval.
        if (jobs.length === batchSize && self.id) boss.notifyWorker(self.id);
      });
      ids.push(self.id);
    }
    workerIds.set(name, ids);
    if (o.every) {
      const tick = () => void runner.nudge(name).catch((err) => logError('jobs.tick', { queue: name }, err));
      timers.push(setInterval(tick, o.every * 1000));
      tick();
    }
  }

  const runner: JobRunner = {
    register: (name, handler, options = {}) =>
      listen(name, options, async (jobs) => {
        // One failing job must not fail (and re-run) the others fetched with it.
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data as never);
            } catch (err) {
              logError('jobs.failed', { queue: name, job: job.id }, err);
              await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }),
        );
      }),
    registerBatch: (name, handler, options = {}) => listen(name, options, (jobs) => handler(jobs.map((j) => j.data as never))),
    async send(name, jobs) {
      if (!jobs.length || stopped) return;
      await boss.insert(jobs.map((j) => ({ name, data: j.data as object, id: j.id, startAfter: j.startAfter })));
      if (jobs.some((j) => !j.startAfter || j.startAfter.getTime() <= Date.now())) wake(name);
    },
    async nudge(name) {
      if (stopped) return;
      await boss.send(name, {});
      wake(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      timers.forEach(clearInterval);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await db.close();
    },
  };
  return runner;
}
