import { afterEach, expect, it, vi } from 'vitest';
import { logError } from './log';

afterEach(() => vi.restoreAllMocks());

it('never writes the bound parameters of a failed query', () => {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const err = new Error('Failed query: insert into "webhook_endpoints" ("secret") values ($1)\nparams: whsec_SECRET');
  logError('test', { requestId: 'r1' }, err);
  expect(lines.join('')).toContain('Failed query: insert into');
  expect(lines.join('')).not.toContain('whsec_SECRET');
});

it('strips them from the cause too (a failed query wrapping another)', () => {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const inner = new Error('Failed query: select "id" from "workspace_keys" where "hash" = $1\nparams: 24be8b1993');
  logError('test', {}, new Error('Failed query: outer\nparams: also-secret', { cause: inner }));
  expect(lines.join('')).toContain('workspace_keys');
  expect(lines.join('')).not.toContain('24be8b1993');
  expect(lines.join('')).not.toContain('also-secret');
});
