import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('makes unique version 7 ids that increase, also within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
    // 20,000 ids take a few milliseconds: many share one
    expect(new Set(ids.map((id) => id.slice(0, 13))).size).toBeLessThan(ids.length / 10);
  });

  it('draws fresh random bits for every id', () => {
    const tails = Array.from({ length: 1_000 }, () => newId().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
