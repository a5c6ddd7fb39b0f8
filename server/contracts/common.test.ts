import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listOf } from '../lib/pagination';
import { one, syncFirst } from './common';

// tRPC validates answers with parseAsync; syncFirst must answer exactly as zod would, only faster.
describe('syncFirst', () => {
  const page = listOf(z.object({ id: z.string().max(4) }), 2);

  it('validates an answer with the synchronous walk: same data, unknown keys stripped', async () => {
    const parse = vi.spyOn(page, 'parse');
    const answer = { object: 'list', resource: 'x', limit: 2, offset: 0, has_more: false, data: [{ id: 'a', secret: 's' }] };
    expect(await page.parseAsync(answer)).toEqual({ ...answer, data: [{ id: 'a' }] });
    expect(parse).toHaveBeenCalledOnce();
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
    const checked = syncFirst(z.object({ n: z.number().refine(async (n) => n > 1) }));
    expect(await checked.parseAsync({ n: 2 })).toEqual({ n: 2 });
    await expect(checked.parseAsync({ n: 1 })).rejects.toBeInstanceOf(z.ZodError);
  });
});
