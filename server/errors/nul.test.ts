import { describe, expect, it } from 'vitest';
import { nulPath, rejectNul } from './nul';

describe('nulPath', () => {
  it('names where the NUL is: a field, an item, a key (its object), the value itself', () => {
    expect(nulPath({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toEqual(['b', 'c', 1]);
    expect(nulPath({ a: { 'k\u0000': 1 } })).toEqual(['a']);
    expect(nulPath('\u0000')).toEqual([]);
    expect(nulPath({ a: 'x', b: [1, true, null, { c: 'y' }] })).toBeNull();
    expect(() => rejectNul({ email: 'a\u0000b' }, 'input')).toThrow('email: must not contain NUL characters');
    expect(() => rejectNul(['\u0000'], 'input')).toThrow('0: must not contain NUL characters');
    expect(() => rejectNul({ 'k\u0000': 1 }, 'body')).toThrow('body: must not contain NUL characters');
  });

  it('walks a body as deep as JSON.parse allows, in time linear in its size', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000));
    const started = performance.now();
    expect(nulPath(deep)).toHaveLength(100_000);
    expect(nulPath(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
