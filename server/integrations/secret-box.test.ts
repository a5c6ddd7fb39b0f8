import { afterEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretUnavailable } from './secret-box';

const material = process.env.NEXTAUTH_SECRET;
afterEach(() => {
  // Assigning undefined would store the string "undefined" for the files after this one.
  if (material === undefined) delete process.env.NEXTAUTH_SECRET;
  else process.env.NEXTAUTH_SECRET = material;
});

describe('sealed provider secrets', () => {
  it('opens what it sealed, for the same workspace and provider only', () => {
    process.env.NEXTAUTH_SECRET = 'install-material-one';
    const sealed = sealSecret('whsec_abcdefghijklmnopqrstuvwxyz', 'ws-1:stripe');
    expect(sealed).not.toContain('whsec_');
    expect(sealSecret('whsec_abcdefghijklmnopqrstuvwxyz', 'ws-1:stripe')).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(sealed, 'ws-1:stripe')).toBe('whsec_abcdefghijklmnopqrstuvwxyz');
    expect(() => openSecret(sealed, 'ws-2:stripe')).toThrow(SecretUnavailable);
  });

  it('cannot open with other install material, nor without any', () => {
    process.env.NEXTAUTH_SECRET = 'install-material-one';
    const sealed = sealSecret('whsec_abcdefghijklmnopqrstuvwxyz', 'ws-1:stripe');
    process.env.NEXTAUTH_SECRET = 'install-material-two';
    expect(() => openSecret(sealed, 'ws-1:stripe')).toThrow(/NEXTAUTH_SECRET changed/);
    delete process.env.NEXTAUTH_SECRET;
    expect(() => sealSecret('whsec_x', 'ws-1:stripe')).toThrow(SecretUnavailable);
  });
});
