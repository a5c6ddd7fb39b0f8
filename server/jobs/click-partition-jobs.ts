import type { Database } from '@/db/client';
import { dropExpiredClickPartitions, ensureClickPartitions } from '@/db/partitions/clicks';
import { logInfo } from '../lib/log';
import type { Config } from '../lib/env';
import type { JobRunner } from './runner';

const HOURS = 60 * 60;

/**
 * Monthly partitions of clicks: this month's and the next three exist before a click lands in
 * them, and with CLICK_RETENTION_MONTHS the months before that many are dropped whole. Runs at
 * start and every six hours, once per cluster (a pg-boss queue, not a timer per process).
 */
export async function registerClickPartitionJobs(runner: JobRunner, database: Database, config: Config) {
  await runner.register('clicks.partitions', async () => {
    const created = await ensureClickPartitions(database.db);
    if (created.length) logInfo('clicks.partitions.created', { months: created.join(',') });
    if (config.clickRetentionMonths === undefined) return;
    const r = await dropExpiredClickPartitions(database.db, { retentionMonths: config.clickRetentionMonths });
    if (r.dropped.length || r.deletedFromDefault) logInfo('clicks.partitions.dropped', { partitions: r.dropped.join(','), default_rows: r.deletedFromDefault, before: r.cutoff.toISOString() });
  }, { every: 6 * HOURS });
}
