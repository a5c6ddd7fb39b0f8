import { readFileSync, readdirSync } from 'node:fs';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

// patches/@trpc+server+11.22.1.patch replaces tRPC's compiled-down object spread (see the patch's
// comment). Every procedure call spreads its options and context through it at each middleware;
// these hold the merge to what tRPC documents: a middleware's ctx adds to and overrides what came
// before, the caller's ctx object is never changed, and input and meta reach every layer.
describe('tRPC object spread, patched', () => {
  const dist = 'node_modules/@trpc/server/dist';
  it.each(readdirSync(dist).filter((f) => /^getErrorShape-.*\.(mjs|cjs)$/.test(f)))('%s is the patched one', (file) => {
    expect(readFileSync(`${dist}/${file}`, 'utf8')).toContain('null != arguments[r] && Object.assign(e, arguments[r])');
  });

  it('merges context through a middleware chain without touching the caller’s', async () => {
    const t = initTRPC.context<{ a: number; b: string; tag: symbol }>().meta<{ label: string }>().create();
    const seen: unknown[] = [];
    const router = t.router({
      run: t.procedure
        .meta({ label: 'run' })
        .use(({ ctx, meta, next }) => {
          seen.push(meta?.label);
          return next({ ctx: { b: `${ctx.b}!`, c: 1 } });
        })
        .use(({ ctx, next }) => next({ ctx: { c: ctx.c + 1 } }))
        .input(z.object({ n: z.number() }))
        .use(({ input, next }) => {
          seen.push(input);
          return next();
        })
        .query(({ ctx, input }) => ({ ...ctx, n: input.n })),
    });
    const tag = Symbol('tag');
    const ctx = { a: 1, b: 'x', tag };
    const out = await t.createCallerFactory(router)(ctx).run({ n: 5 });
    expect(out).toEqual({ a: 1, b: 'x!', tag, c: 2, n: 5 });
    expect(ctx).toEqual({ a: 1, b: 'x', tag });
    expect(seen).toEqual(['run', { n: 5 }]);
  });
});
