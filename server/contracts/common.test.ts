import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listOf } from '../lib/pagination';
import { answerSchema, one, setAnswerChecks } from './common';

// tRPC validates answers with parseAsync; checked, answerSchema answers as zod would (only faster) or
// refuses an answer the check would change; unchecked (production), it sends the answer as built.
describe('answerSchema', () => {
  const page = listOf(z.object({ id: z.string().max(4) }), 2);
  const answer = { object: 'list', resource: 'x', limit: 2, offset: 0, has_more: false, data: [{ id: 'a' }] };

  it('validates an answer with the synchronous walk and gives the same data', async () => {
    const parse = vi.spyOn(page, 'parse');
    expect(await page.parseAsync(answer)).toEqual(answer);
    expect(parse).toHaveBeenCalledOnce();
  });

  it('refuses an answer that leans on the check: a key to strip, a default to fill', async () => {
    const withSecret = { ...answer, data: [{ id: 'a', secret: 's' }] };
    await expect(page.parseAsync(withSecret)).rejects.toThrow(/relies on its schema/);
    const defaulted = answerSchema(z.object({ n: z.number().default(1) }));
    await expect(defaulted.parseAsync({})).rejects.toThrow(/relies on its schema/);
    // the same values in another key order are the same answer
    expect(await page.parseAsync({ data: [{ id: 'a' }], has_more: false, offset: 0, limit: 2, resource: 'x', object: 'list' })).toEqual(answer);
  });

  it('unchecked (production), sends the answer as built without walking it', async () => {
    const schema = z.object({ id: z.string().max(1) });
    const answer = answerSchema(schema);
    const parse = vi.spyOn(schema, 'parse');
    const built = { id: 'too long', extra: 1 };
    setAnswerChecks(false);
    try {
      expect(await answer.parseAsync(built)).toBe(built);
    } finally {
      setAnswerChecks(true);
    }
    expect(parse).not.toHaveBeenCalled();
    await expect(answer.parseAsync(built)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('rejects an answer that breaks the contract with the ZodError parseAsync gives', async () => {
    const bad = { object: 'list', resource: 'x', limit: 2, offset: 0, has_more: false, data: [{ id: 'abcde' }, { id: 'a' }, { id: 'b' }] };
    const err = await page.parseAsync(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(z.ZodError);
    // the issues zod's own async walk (safeParseAsync, untouched) reports
    expect((err as z.ZodError).issues).toEqual((await page.safeParseAsync(bad)).error!.issues);
    expect((err as z.ZodError).issues.map((i) => i.path.join('.'))).toEqual(['data']);
    await expect(one('thing', z.number()).parseAsync({ object: 'other', data: 1 })).rejects.toBeInstanceOf(z.ZodError);
  });

  it('still takes the async walk for a schema with an async check', async () => {
    const checked = answerSchema(z.object({ n: z.number().refine(async (n) => n > 1) }));
    expect(await checked.parseAsync({ n: 2 })).toEqual({ n: 2 });
    await expect(checked.parseAsync({ n: 1 })).rejects.toBeInstanceOf(z.ZodError);
  });
});
