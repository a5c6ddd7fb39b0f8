// Date ranges of the reports page: presets a manager picks, and the period before to compare with.
// Days are 'YYYY-MM-DD' labels; arithmetic runs on UTC day numbers, never on local clocks.

export const PRESETS = [
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['mtd', 'This month'],
  ['last_month', 'Last month'],
  ['ytd', 'Year to date'],
  ['custom', 'Custom'],
] as const;
export type Preset = (typeof PRESETS)[number][0];
export type Range = { from: string; to: string };

const DAY_MS = 86_400_000;
const label = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const number = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && Number.isFinite(number(s));

/** The range a preset names, ending `today` (the caller's 'YYYY-MM-DD'). */
export function presetRange(preset: Preset, today: string, custom: Partial<Range> = {}): Range {
  const t = number(today);
  switch (preset) {
    case '7d':
      return { from: label(t - 6), to: today };
    case '90d':
      return { from: label(t - 89), to: today };
    case 'mtd':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last_month': {
      const lastOfPrevious = number(`${today.slice(0, 8)}01`) - 1;
      const l = label(lastOfPrevious);
      return { from: `${l.slice(0, 8)}01`, to: l };
    }
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'custom':
      if (custom.from && custom.to && isDay(custom.from) && isDay(custom.to) && custom.from <= custom.to) return { from: custom.from, to: custom.to };
      return presetRange('30d', today);
    default:
      return { from: label(t - 29), to: today };
  }
}

/** The same number of days just before `r`: what "compared with the previous period" means. */
export function previousRange(r: Range): Range {
  const days = number(r.to) - number(r.from) + 1;
  return { from: label(number(r.from) - days), to: label(number(r.from) - 1) };
}

export const spanDays = (r: Range) => number(r.to) - number(r.from) + 1;

/** A local 'YYYY-MM-DD' for today (the manager's calendar). */
export function todayLocal(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
