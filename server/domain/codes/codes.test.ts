import { describe, expect, it } from 'vitest';
import { CODE_MAX, checkCodeText, codeVariant, generatedBase } from './codes';

describe('code rules', () => {
  it('takes 3-32 letters and digits as typed, and refuses anything else or a reserved word in any case', () => {
    expect(checkCodeText(' Spring24 ')).toBe('Spring24');
    expect(checkCodeText('A'.repeat(32))).toBe('A'.repeat(32));
    for (const bad of ['ab', 'A'.repeat(33), 'spring-24', 'spring_24', 'ça10', 'Free', 'coupon', 'REFCOUNT']) {
      expect(() => checkCodeText(bad), bad).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
  });

  it('generates from the ref code: upper-cased, letters and digits only, padded and cut to fit', () => {
    expect(generatedBase('jo-ann_b')).toBe('JOANNB');
    expect(generatedBase('a-b')).toBe('AB0');
    expect(generatedBase('x'.repeat(64))).toHaveLength(CODE_MAX);
    expect(codeVariant('BOB', 1)).toBe('BOB');
    expect(codeVariant('BOB', 12)).toBe('BOB12');
    expect(codeVariant('X'.repeat(32), 12)).toBe('X'.repeat(30) + '12');
  });
});
