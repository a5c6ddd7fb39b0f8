// The periods every signal looks at. Thirty days is long enough for a refund to land on most
// sales and short enough that an old burst does not haunt an affiliate for ever; velocity compares
// the last seven days with the four weeks before them.
export const WINDOW_DAYS = 30;
export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 28;

const DAY_MS = 86_400_000;

export type RiskWindow = {
  to: Date;
  /** Start of the assessment window (clicks, conversions, refunds, fingerprints, addresses). */
  from: Date;
  /** Start of the velocity baseline, BASELINE_DAYS before the recent period. */
  baselineFrom: Date;
};

export function riskWindow(now: Date): RiskWindow {
  return {
    to: now,
    from: new Date(now.getTime() - WINDOW_DAYS * DAY_MS),
    baselineFrom: new Date(now.getTime() - (RECENT_DAYS + BASELINE_DAYS) * DAY_MS),
  };
}

/** Whole days between `then` and `now` (0 = the last 24 hours). */
export const ageInDays = (now: Date, then: Date) => Math.floor((now.getTime() - then.getTime()) / DAY_MS);
