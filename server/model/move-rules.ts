// A move rule's conditions (docs/groups-bounties-recruiters.md#move-rules), shared by the schema,
// the contracts and the pure choice (server/domain/groups/move-rules.ts).

/** The totals a condition may test; revenue and commissions in minor units of the workspace currency. */
export const MOVE_METRICS = ['clicks', 'leads', 'sales', 'revenue', 'commissions', 'days_enrolled'] as const;
export type MoveMetric = (typeof MOVE_METRICS)[number];

/** At most this many conditions on one rule, all of which must hold. */
export const MAX_MOVE_CONDITIONS = 5;
/** The longest window a condition may look back over, in days. */
export const MAX_MOVE_WINDOW_DAYS = 365;

/** `metric` >= `at_least`, counted over the last `window_days` days (null: all time; ignored for days_enrolled). */
export type MoveCondition = { metric: MoveMetric; at_least: number; window_days: number | null };
