import type { BountyMetric, BountyPeriod } from '../../model/enums';
import { addDays, dayIn, dayNumber } from '../reports/range';

// The rules of a bounty's period, pure (docs/groups-bounties-recruiters.md#bounties): which period
// an instant falls in, which days of it count, and whether a total reaches the target. The
// evaluation job and the progress reads only fetch totals; every decision is made here.

/** A period's key (what "once per period" is unique on) and its days, inclusive, in the workspace's time zone. */
export type PeriodWindow = { key: string; from: string; to: string };

export const ALL_TIME_FROM = '2000-01-01';
export const ALL_TIME_TO = '2100-12-31';

/** Monday of the ISO week of `day`, and that week's ISO year and number. */
function isoWeek(day: string): { monday: string; year: number; week: number } {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) mod 7 is 0 on Mondays
  const weekday = (((n + 3) % 7) + 7) % 7;
  const monday = addDays(day, -weekday);
  // the ISO year is the year of the week's Thursday; week 1 holds the year's first Thursday
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return { monday, year, week };
}

/** The period of `period` that day `day` ('YYYY-MM-DD') falls in. */
export function periodOfDay(period: BountyPeriod, day: string): PeriodWindow {
  if (period === 'all_time') return { key: 'all', from: ALL_TIME_FROM, to: ALL_TIME_TO };
  if (period === 'month') {
    const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { key: day.slice(0, 7), from: `${day.slice(0, 7)}-01`, to: addDays(next, -1) };
  }
  const { monday, year, week } = isoWeek(day);
  return { key: `${year}-W${String(week).padStart(2, '0')}`, from: monday, to: addDays(monday, 6) };
}

export type BountyTiming = { period: BountyPeriod; startsAt: Date | null; endsAt: Date | null };

/** Whether the bounty takes part at `now`: started, not ended. */
export const isOpen = (b: BountyTiming, now: Date) => (!b.startsAt || now >= b.startsAt) && (!b.endsAt || now < b.endsAt);

/**
 * The period a bounty is judged in at `now`, narrowed to its own start and end days. After its end
 * it is judged as at its last instant, so the job still counts what the last minutes brought.
 */
export function bountyWindow(b: BountyTiming, now: Date, timeZone: string): PeriodWindow {
  const at = b.endsAt && now >= b.endsAt ? new Date(b.endsAt.getTime() - 1) : now;
  const w = periodOfDay(b.period, dayIn(at, timeZone));
  const from = b.startsAt && dayIn(b.startsAt, timeZone) > w.from ? dayIn(b.startsAt, timeZone) : w.from;
  // the last day is the one of the end's last instant (an end at midnight ends the day before)
  const last = b.endsAt ? dayIn(new Date(b.endsAt.getTime() - 1), timeZone) : null;
  const to = last && last < w.to ? last : w.to;
  return { key: w.key, from, to };
}

/** An affiliate's figures over a window; revenue and commissions in the bounty's currency. */
export type Totals = Record<BountyMetric, number>;

export const NO_TOTALS: Totals = { clicks: 0, leads: 0, sales: 0, revenue: 0, commissions: 0 };

/** Reached: the metric's total is at least the target (a target is at least 1). */
export const reached = (b: { metric: BountyMetric; target: number }, totals: Totals) => totals[b.metric] >= b.target;

/** How far along, 0 to 10000 (hundredths of a percent), for progress bars: integer, capped. */
export const progressOf = (b: { metric: BountyMetric; target: number }, totals: Totals) =>
  Math.min(10_000, Math.floor((Math.max(0, totals[b.metric]) * 10_000) / b.target));
