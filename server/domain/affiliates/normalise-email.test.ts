import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './normalise-email';

describe('normaliseEmail: one spelling per inbox', () => {
  it.each([
    ['Nia@Example.com', 'nia@example.com'],
    ['  nia+promo@example.com ', 'nia@example.com'],
    ['nia+a+b@example.com', 'nia@example.com'],
    // Gmail ignores dots and answers for googlemail.com too; other providers keep their dots.
    ['Jo.Ann+x@GoogleMail.com', 'joann@gmail.com'],
    ['j.o.a.n.n@gmail.com', 'joann@gmail.com'],
    ['jo.ann@example.com', 'jo.ann@example.com'],
    ['jo.ann@gmail.com.', 'joann@gmail.com'],
    // Nothing left to strip down to: kept as written (lower-cased).
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    // A quoted local part with an @ in it: the domain is after the last one.
    ['"a@b"+x@example.com', '"a@b"@example.com'],
  ])('%s → %s', (email, inbox) => {
    expect(normaliseEmail(email)).toBe(inbox);
  });

  it('leaves something that is not an address as it was, lower-cased', () => {
    expect(normaliseEmail('No-At-Sign')).toBe('no-at-sign');
    expect(normaliseEmail('@example.com')).toBe('@example.com');
  });
});
