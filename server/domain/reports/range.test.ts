import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayIn } from './range';

// dayIn keeps each zone's last answer for its UTC minute: it must answer as a fresh formatter would,
// whatever order the instants come in, including the minutes either side of a local midnight.
const fresh = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Africa/Monrovia', 'America/St_Johns'];

describe('dayIn', () => {
  it('answers as a fresh formatter for any instants, in any order', () => {
    const instant = fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    // each instant is followed by neighbours seconds to hours away, so a memo kept too long would show
    const near = fc.tuple(instant, fc.array(fc.integer({ min: -7_200_000, max: 7_200_000 }), { maxLength: 8 }));
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(near, { minLength: 1, maxLength: 6 }), (zone, groups) => {
        for (const [at, steps] of groups) {
          for (const t of [at, ...steps.map((ms) => new Date(at.getTime() + ms))]) expect(dayIn(t, zone)).toBe(fresh(t, zone));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('changes day at the local midnight, to the second', () => {
    // 2026-03-01 00:00 in Kathmandu (+05:45) is 2026-02-28 18:15 UTC
    const midnight = Date.UTC(2026, 1, 28, 18, 15, 0);
    expect(dayIn(new Date(midnight - 1000), 'Asia/Kathmandu')).toBe('2026-02-28');
    expect(dayIn(new Date(midnight), 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(dayIn(new Date(midnight - 1), 'Asia/Kathmandu')).toBe('2026-02-28');
  });

  it('before 1972 formats every time: Monrovia was -0:44:30, its days began mid-minute', () => {
    // 1970-06-01 00:00 in Monrovia is 00:44:30 UTC: the minute 00:44 UTC holds both days
    const midnight = Date.UTC(1970, 5, 1, 0, 44, 30);
    expect(dayIn(new Date(midnight - 10_000), 'Africa/Monrovia')).toBe('1970-05-31');
    expect(dayIn(new Date(midnight + 10_000), 'Africa/Monrovia')).toBe('1970-06-01');
  });

  it('still refuses an invalid date', () => {
    expect(() => dayIn(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
