import { describe, expect, it } from 'vitest';
import { moreTouchesText, touchRuns, type Touch } from './touch-runs';

const t = (affiliate_id: string, match_method: string, chosen = false): Touch => ({ affiliate_id, match_method, chosen, ts: '2026-01-01T00:00:00Z' });

describe('touchRuns', () => {
  it('folds 99 consecutive fingerprint touches of one affiliate into one run of the first and 98 more', () => {
    const runs = touchRuns(Array.from({ length: 99 }, () => t('aff_a', 'fingerprint')));
    expect(runs).toHaveLength(1);
    expect(runs[0].more).toHaveLength(98);
    expect(moreTouchesText(runs[0])).toBe('98 more fingerprint touches, same affiliate');
  });

  it('starts a new run when the affiliate or the method changes, and keeps the order', () => {
    const touches = [t('a', 'cookie'), t('a', 'cookie'), t('b', 'cookie'), t('b', 'fingerprint'), t('b', 'fingerprint'), t('a', 'cookie')];
    const runs = touchRuns(touches);
    expect(runs.map((r) => [r.first.affiliate_id, r.first.match_method, r.more.length])).toEqual([
      ['a', 'cookie', 1], ['b', 'cookie', 0], ['b', 'fingerprint', 1], ['a', 'cookie', 0],
    ]);
    expect(runs.flatMap((r) => [r.first, ...r.more])).toEqual(touches);
  });

  it('never folds the winning touch into a run, nor a later touch into the winner', () => {
    const runs = touchRuns([t('a', 'ip'), t('a', 'ip'), t('a', 'ip', true), t('a', 'ip'), t('a', 'ip')]);
    expect(runs.map((r) => [r.first.chosen, r.more.length])).toEqual([[false, 1], [true, 0], [false, 1]]);
  });

  it('says one touch in the singular, and treats a missing method as unknown', () => {
    expect(moreTouchesText({ first: t('a', 'cookie'), more: [t('a', 'cookie')] })).toBe('1 more cookie touch, same affiliate');
    const runs = touchRuns([{ affiliate_id: 'a' }, { affiliate_id: 'a', match_method: null }]);
    expect(runs).toHaveLength(1);
    expect(moreTouchesText(runs[0])).toBe('1 more unknown touch, same affiliate');
  });

  it('returns no runs for no touches', () => {
    expect(touchRuns([])).toEqual([]);
  });
});
