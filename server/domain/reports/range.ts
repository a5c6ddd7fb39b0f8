import { invalid } from '../../errors/errors';

// Rollup days are 'YYYY-MM-DD' strings in the workspace time zone, so a report range is a pair of
// such days (inclusive). Arithmetic runs on day numbers (days since 1970-01-01), never on the
// strings: ISO strings stop sorting outside the years 0-9999, and a loop comparing them to find
// its end could run forever.

export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

// Building a DateTimeFormat costs far more than formatting with one (it was 16% of the server's CPU
// under report load, 3.5% under sales): one per time zone, kept (time zones are IANA names, a few
// hundred). Formatting still cost about 5 µs a sale, so each zone also keeps its last answer for
// the UTC minute it fell in: every zone's offset has been whole minutes since 1972 (Liberia's
// -0:44:30 went last), so no day can begin inside such a minute.
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1972, 6, 1) / 60_000;
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/** The 'YYYY-MM-DD' day `at` falls on in `timeZone`. */
export const dayIn = (at: Date, timeZone: string) => {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, day: '' }));
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute === f.minute) return f.day;
  const day = f.format.format(at); // an invalid date throws here, as before
  if (minute >= WHOLE_MINUTE_OFFSETS_SINCE) [f.minute, f.day] = [minute, day];
  return day;
};

/** Days since 1970-01-01 of a 'YYYY-MM-DD' label, and back. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayLabel = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => dayLabel(dayNumber(day) + n);

export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** A date stays the day it names; a date-time becomes the workspace-local day it falls on. */
const toDay = (value: string, timeZone: string) => (value.length === 10 ? value : dayIn(new Date(value), timeZone));

/**
 * The inclusive day range of a report. Inputs are already bounded to the years 2000-2100 by the
 * contract (dateOrDateTime); `maxDays` caps the span where the result grows with it.
 */
export function resolveRange(input: { from?: string; to?: string }, timeZone: string, opts: { now?: Date; maxDays?: number } = {}): DayRange {
  const to = input.to ? toDay(input.to, timeZone) : dayIn(opts.now ?? new Date(), timeZone);
  const from = input.from ? toDay(input.from, timeZone) : addDays(to, -(DEFAULT_DAYS - 1));
  const span = daysBetween(from, to);
  if (!Number.isFinite(span)) throw invalid('from', 'not a date');
  if (span < 0) throw invalid('from', 'must not be after to');
  if (opts.maxDays !== undefined && span >= opts.maxDays) throw invalid('from', `the range may span at most ${opts.maxDays} days for this interval`);
  return { from, to };
}
