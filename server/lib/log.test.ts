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
