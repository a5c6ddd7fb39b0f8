import { describe, expect, it } from 'vitest';
import { changeLines } from './change-lines';

describe('the Activity page reads changes as words', () => {
  it('an update: field: old → new, amounts as money in the record currency', () => {
    expect(changeLines({ before: { amount: 1250, status: 'pending' }, after: { amount: 900, status: 'approved', currency: 'eur' } }, 'usd').lines).toEqual([
      'amount: €12.50 → €9.00',
      'status: pending → approved',
      'currency: — → eur',
    ]);
  });

  it('settings in the workspace currency, yes/no for switches, zero-decimal currencies kept whole', () => {
    expect(changeLines({ before: { min_payout: 5000, auto_approve_commissions: false }, after: { min_payout: 10000, auto_approve_commissions: true } }, 'jpy').lines).toEqual([
      'min payout: ¥5,000 → ¥10,000',
      'auto approve commissions: no → yes',
    ]);
  });

  it('never JSON: lists joined, nested values as words, ids left out, extra keys after', () => {
    const { lines, more } = changeLines(
      { after: { id: 'x', scopes: ['read', 'track'], rule: { type: 'flat', flat_amount: 500, currency: 'gbp' }, origins: [] }, sent: ['p1', 'p2'] },
      'usd',
    );
    expect(lines).toEqual(['scopes: read, track', 'rule: type flat, flat amount £5.00, currency gbp', 'origins: none', 'sent: p1, p2']);
    expect(lines.join('\n')).not.toMatch(/[{}[\]"]/);
    expect(more).toBe(0);
  });

  it('counts what it does not show', () => {
    const after = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, i]));
    expect(changeLines({ after }, 'usd')).toMatchObject({ more: 3 });
  });
});
