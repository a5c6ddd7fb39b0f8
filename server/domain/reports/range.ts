import { invalid } from '../../errors/errors';

// Rollup days are 'YYYY-MM-DD' strings in the workspace time zone, so a report range is a pair of
// such days (inclusive) and all date arithmetic happens on UTC midnights of those labels.

export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
// A day-interval series over a decade is ~3,650 points; anything longer is a mistake.
const MAX_DAYS = 3_700;

export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A date stays the day it names; a date-time becomes the workspace-local day it falls on. */
const toDay = (value: string, timeZone: string) => (value.length === 10 ? value : dayIn(new Date(value), timeZone));

export function resolveRange(input: { from?: string; to?: string }, timeZone: string, now = new Date()): DayRange {
  const to = input.to ? toDay(input.to, timeZone) : dayIn(now, timeZone);
  const from = input.from ? toDay(input.from, timeZone) : addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw invalid('from', 'must not be after to');
  if (daysBetween(from, to) >= MAX_DAYS) throw invalid('from', `the range may span at most ${MAX_DAYS} days`);
  return { from, to };
}
