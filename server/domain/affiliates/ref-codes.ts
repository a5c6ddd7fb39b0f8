import { randomInt } from 'node:crypto';

// Ref codes are 3..64 of [a-z0-9_-], stored lower-case (docs/affiliates.md#referral-codes).
const MIN = 3;
const MAX = 64;

/** A code from free text: accents dropped, other characters turned into single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX);
}

/** The code an affiliate gets when none was asked for: from the name, else the e-mail's local part. */
export function deriveRefCode({ name, email }: { name?: string | null; email?: string | null }): string {
  const fromName = name ? slugify(name) : '';
  const fromEmail = email ? slugify(email.split('@')[0]) : '';
  const base = fromName || fromEmail || 'affiliate';
  // Short names ("Al") still need three characters.
  return base.padEnd(MIN, '0');
}

/** `code`, then `code-2`, `code-3`, …; the base is cut so every variant fits 64 characters. */
export function refCodeVariant(base: string, n: number): string {
  if (n <= 1) return base;
  return withSuffix(base, String(n));
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `code-` and `length` random letters and digits, for a code whose numbered variants are taken: a
 * common name never runs out of codes, and racing applicants with one name do not pick the same.
 */
export function randomRefCodeVariant(base: string, length: number): string {
  let suffix = '';
  for (let i = 0; i < length; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return withSuffix(base, suffix);
}

const withSuffix = (base: string, suffix: string) => base.slice(0, MAX - suffix.length - 1) + '-' + suffix;
