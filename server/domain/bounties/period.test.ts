import { describe, expect, it } from 'vitest';
import { bountyWindow, isOpen, periodOfDay, progressOf, reached, NO_TOTALS } from './period';

describe('bounty periods', () => {
  it('a month is its calendar month, keyed YYYY-MM', () => {
    expect(periodOfDay('month', '2026-02-14')).toEqual({ key: '2026-02', from: '2026-02-01', to: '2026-02-28' });
    expect(periodOfDay('month', '2024-02-29')).toEqual({ key: '2024-02', from: '2024-02-01', to: '2024-02-29' });
    expect(periodOfDay('month', '2026-12-31')).toEqual({ key: '2026-12', from: '2026-12-01', to: '2026-12-31' });
  });

  it('a week is its ISO week, Monday to Sunday, keyed by the ISO year', () => {
    // 2026-11-29 is a Sunday: the week of Monday 2026-11-23, ISO week 48
    expect(periodOfDay('week', '2026-11-29')).toEqual({ key: '2026-W48', from: '2026-11-23', to: '2026-11-29' });
    expect(periodOfDay('week', '2026-11-30')).toEqual({ key: '2026-W49', from: '2026-11-30', to: '2026-12-06' });
    // 2027-01-01 (a Friday) is in ISO week 53 of 2026; 2024-12-30 (a Monday) in week 1 of 2025
    expect(periodOfDay('week', '2027-01-01').key).toBe('2026-W53');
    expect(periodOfDay('week', '2024-12-30')).toEqual({ key: '2025-W01', from: '2024-12-30', to: '2025-01-05' });
  });

  it('all time is one period', () => {
    expect(periodOfDay('all_time', '2026-11-29').key).toBe('all');
    expect(periodOfDay('all_time', '2030-01-01').key).toBe('all');
  });

  it("the period follows the workspace's time zone", () => {
    const now = new Date('2026-12-01T03:00:00Z'); // still November 30th in New York
    const b = { period: 'month' as const, startsAt: null, endsAt: null };
    expect(bountyWindow(b, now, 'UTC').key).toBe('2026-12');
    expect(bountyWindow(b, now, 'America/New_York').key).toBe('2026-11');
  });

  it("is narrowed to the bounty's start and end, and judged at its last instant once ended", () => {
    const b = { period: 'month' as const, startsAt: new Date('2026-11-10T00:00:00Z'), endsAt: new Date('2026-12-20T00:00:00Z') };
    expect(bountyWindow(b, new Date('2026-11-15T00:00:00Z'), 'UTC')).toEqual({ key: '2026-11', from: '2026-11-10', to: '2026-11-30' });
    expect(bountyWindow(b, new Date('2026-12-25T00:00:00Z'), 'UTC')).toEqual({ key: '2026-12', from: '2026-12-01', to: '2026-12-19' });
    expect(isOpen(b, new Date('2026-11-09T23:59:59Z'))).toBe(false);
    expect(isOpen(b, new Date('2026-11-10T00:00:00Z'))).toBe(true);
    expect(isOpen(b, new Date('2026-12-20T00:00:00Z'))).toBe(false);
  });

  it('reaches at the target exactly, not one below', () => {
    const b = { metric: 'sales' as const, target: 5 };
    expect(reached(b, { ...NO_TOTALS, sales: 4 })).toBe(false);
    expect(reached(b, { ...NO_TOTALS, sales: 5 })).toBe(true);
    expect(reached(b, { ...NO_TOTALS, clicks: 500 })).toBe(false);
    expect(progressOf(b, { ...NO_TOTALS, sales: 2 })).toBe(4000);
    expect(progressOf(b, { ...NO_TOTALS, sales: 9 })).toBe(10_000);
    expect(progressOf({ metric: 'revenue', target: 3 }, { ...NO_TOTALS, revenue: 1 })).toBe(3333);
    expect(progressOf(b, { ...NO_TOTALS, sales: -1 })).toBe(0);
  });
});
