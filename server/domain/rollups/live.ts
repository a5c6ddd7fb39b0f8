import { sql } from 'drizzle-orm';

const COLUMNS = 'workspace_id, day, campaign_id, affiliate_id, currency, clicks, leads, sales, revenue, commissions';

/**
 * The daily rollups as of now: the folded rows plus the deltas not folded yet. One statement sees
 * one snapshot, and a fold moves a delta in the same transaction that deletes it, so every delta
 * counts exactly once. Conditions on the outer query reach both branches (each indexed by
 * workspace and day), and the unfolded part is a few seconds of writes while the fold job runs.
 */
export const liveRollups = sql.raw(`(select ${COLUMNS} from daily_rollups union all select ${COLUMNS} from rollup_deltas)`);
