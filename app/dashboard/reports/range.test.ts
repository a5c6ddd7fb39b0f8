import { describe, expect, it } from 'vitest';
import { presetRange, previousRange, spanDays } from './range';

describe('report ranges', () => {
  it.each([
    ['7d', { from: '2026-03-04', to: '2026-03-10' }],
    ['30d', { from: '2026-02-09', to: '2026-03-10' }],
    ['mtd', { from: '2026-03-01', to: '2026-03-10' }],
    ['last_month', { from: '2026-02-01', to: '2026-02-28' }],
    ['ytd', { from: '2026-01-01', to: '2026-03-10' }],
  ] as const)('%s', (preset, range) => {
    expect(presetRange(preset, '2026-03-10')).toEqual(range);
  });
  it('last month across a new year', () => {
    expect(presetRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
  it('a custom range is taken as given when valid, else 30 days', () => {
    expect(presetRange('custom', '2026-03-10', { from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(presetRange('custom', '2026-03-10', { from: '2026-02-01', to: '2026-01-01' })).toEqual(presetRange('30d', '2026-03-10'));
  });
  it('the previous period has the same length and ends the day before', () => {
    const r = { from: '2026-03-01', to: '2026-03-10' };
    const p = previousRange(r);
    expect(p).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    expect(spanDays(p)).toBe(spanDays(r));
  });
});
