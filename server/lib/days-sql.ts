import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `days` days as a PostgreSQL interval of 24-hour days, the days of the rules in TypeScript
 * (DAY_MS: windows, holds). `make_interval(days => n)` counts calendar days in the session's time
 * zone, which is an hour off across a daylight-saving change when the server's zone is not UTC.
 */
export const daysInterval = (days: number | SQLWrapper): SQL =>
  typeof days === 'number' ? sql`make_interval(secs => ${days}::int * 86400)` : sql`make_interval(secs => ${days} * 86400)`;
