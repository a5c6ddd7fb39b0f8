import { describe, expect, it } from 'vitest';

// patches/postgres+3.4.9.patch changes how postgres.js's pool queue forgets what it has handed out
// (see the patch's comment and docs/patches.md). These show what it changes (a remove searches
// only the queue's live part) and hold it to plain FIFO semantics against an array model through
// long runs that never empty it, as a saturated pool's busy queue runs.
type Queue<T> = { readonly length: number; push: (x: T) => T; shift: () => T | undefined; remove: (x: T) => T | null };
const load = async (file: string) => ((await import(/* @vite-ignore */ file)) as { default: <T>(initial?: T[]) => Queue<T> }).default;

describe.each(['postgres/src/queue.js', 'postgres/cjs/src/queue.js'])('postgres.js Queue, patched (%s)', (file) => {
  it('is the patched one', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`node_modules/${file}`, 'utf8')).toContain('xs.indexOf(x, index)');
  });

  it('searches only the live part on remove, and drops the holes shifts left once they are most of it', async () => {
    // A saturated pool's busy queue never empties. Unpatched, every remove() searched the whole
    // array from 0, holes included, and the array kept every query since the pool was last idle.
    const Queue = await load(`${process.cwd()}/node_modules/${file}`);
    const searches: { from: number; length: number }[] = [];
    // Queue copies its initial array with slice(), which keeps the subclass (and so this spy)
    class Watched<T> extends Array<T> {
      indexOf(x: T, from?: number) {
        searches.push({ from: from ?? 0, length: this.length });
        return super.indexOf(x, from);
      }
    }
    const q = Queue<number>(new Watched<number>());
    for (let n = 0; n < 3_000; n++) q.push(n);
    for (let n = 0; n < 1_000; n++) q.shift();
    expect(q.remove(1_500)).toBe(1_500);
    expect(searches.at(-1)).toEqual({ from: 1_000, length: 3_000 }); // from the first live one
    for (let n = 0; n < 1_200; n++) q.shift(); // past 1,024 holes and half the array: compacted
    expect(q.remove(2_900)).toBe(2_900);
    const last = searches.at(-1)!;
    expect(last.length - last.from).toBe(q.length + 1);
    expect(last.length).toBeLessThan(2 * (q.length + 1) + 1_024);
  });

  it('pushes, shifts and removes in FIFO order across 60,000 operations that never empty it', async () => {
    const Queue = await load(`${process.cwd()}/node_modules/${file}`);
    const q = Queue<number>();
    const model: number[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 60_000; n++) {
      const r = random();
      if (r < 0.5 || model.length < 3) {
        q.push(n);
        model.push(n);
      } else if (r < 0.9) {
        const [got, want] = [q.shift(), model.shift()];
        if (got !== want) expect(got).toBe(want);
      } else {
        const x = random() < 0.8 ? model[Math.floor(random() * model.length)] : -1; // sometimes one it never held
        const [got, want] = [q.remove(x), model.includes(x) ? x : null];
        if (got !== want) expect(got).toBe(want);
        if (model.includes(x)) model.splice(model.indexOf(x), 1);
      }
      if (q.length !== model.length) expect(q.length).toBe(model.length);
    }
    while (model.length) expect(q.shift()).toBe(model.shift());
    expect(q.length).toBe(0);
  });
});
