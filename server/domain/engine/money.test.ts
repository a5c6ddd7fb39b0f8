import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, proRata } from './money';

describe('percentOf', () => {
  it('rounds half up on the minor unit', () => {
    expect(percentOf(1000, 2550)).toBe(255); // 25.50 % of 10.00
    expect(percentOf(1, 5000)).toBe(1); // 0.5 cent rounds up
    expect(percentOf(1, 4999)).toBe(0);
    expect(percentOf(333, 3333)).toBe(111); // 110.9889 → 111
    expect(percentOf(0, 10000)).toBe(0);
  });

  it('is exact for amounts far beyond float-safe products', () => {
    // amount × rate passes 2^53 here: float math answers 1_148_417_904_979_477
    expect(percentOf(4_503_599_627_370_496, 2550)).toBe(1_148_417_904_979_476);
  });
});

describe('proRata', () => {
  it('scales by net over gross, half up', () => {
    expect(proRata(300, 5000, 10000)).toBe(150);
    expect(proRata(301, 5000, 10000)).toBe(151);
    expect(proRata(300, 0, 10000)).toBe(0);
    expect(proRata(300, 10000, 10000)).toBe(300);
  });

  it('never exceeds the full amount nor goes below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (full, gross, refunded) => {
        const net = Math.max(0, gross - refunded);
        const v = proRata(full, net, gross);
        return Number.isInteger(v) && v >= 0 && v <= full;
      }),
    );
  });
});
