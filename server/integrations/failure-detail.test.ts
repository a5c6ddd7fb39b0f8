import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { failureDetail } from './process-event';

// What the Integrations event log shows for a failed event (its action already reads "error").
describe('failureDetail', () => {
  it('names the fields of a payload that did not parse, never the raw issue list', () => {
    const parsed = z.object({ amount: z.number(), customer: z.string(), lines: z.array(z.object({ id: z.string() })) }).safeParse({ amount: '12', lines: [{}] });
    const detail = failureDetail(parsed.error);
    expect(detail).toBe("the event's data did not parse (amount: Invalid input: expected number, received string; customer: Invalid input: expected string, received undefined; lines.0.id: Invalid input: expected string, received undefined)");
    expect(detail).not.toMatch(/^error|\[/);
  });

  it('counts the issues beyond three, and keeps a plain error to its first line without SQL parameters', () => {
    const many = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() }).safeParse({});
    expect(failureDetail(many.error)).toMatch(/; 2 more\)$/);
    expect(failureDetail(new Error('checkout line items: the provider could not be reached (500)\nstack'))).toBe('checkout line items: the provider could not be reached (500)');
    expect(failureDetail(new Error('Failed query: insert into x values ($1)\nparams: secret@example.com'))).not.toContain('secret@example.com');
  });
});
