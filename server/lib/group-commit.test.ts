import { describe, expect, it } from 'vitest';
import { refusedByDatabase } from './database-error';
import { groupCommit, groupCommitPerHandle } from './group-commit';

// The batching rules on their own, with a writer standing in for the database.
describe('groupCommit', () => {
  const recorder = (fail: (items: number[]) => unknown) => {
    const calls: number[][] = [];
    const write = async (items: number[]) => {
      calls.push(items);
      await new Promise((r) => setTimeout(r, 5));
      const err = fail(items);
      if (err) throw err;
      return items.map((i) => i * 10);
    };
    return { calls, write };
  };

  it('puts what arrives in one task into one statement, and batches what queues while statements are in flight', async () => {
    const w = recorder(() => null);
    const commit = groupCommit({ write: w.write, maxBatch: 4, maxInFlight: 2 });
    const first = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => commit(i)));
    expect(first).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(w.calls).toEqual([[1, 2, 3, 4], [5, 6, 7]]);
    // while both slots are busy, later arrivals wait and go together
    const second = Promise.all([8, 9].map((i) => commit(i)));
    const third = [10, 11, 12].map((i) => commit(i));
    await Promise.all([second, ...third]);
    expect(w.calls.slice(2)).toEqual([[8, 9, 10, 11], [12]]);
    expect(commit.stats()).toEqual({ items: 12, statements: 4 });
  });

  it('sends at once for an idle writer, without waiting for a timer', async () => {
    const w = recorder(() => null);
    const commit = groupCommit({ write: w.write, maxBatch: 4, maxInFlight: 1 });
    let timerFired = false;
    setTimeout(() => (timerFired = true), 0);
    const sent = commit(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(w.calls).toEqual([[1]]);
    expect(timerFired).toBe(false);
    await sent;
  });

  it('sends what queued before it answers the statement that freed the slot', async () => {
    const w = recorder(() => null);
    const commit = groupCommit({ write: w.write, maxBatch: 4, maxInFlight: 1 });
    const first = commit(1);
    await Promise.resolve();
    await Promise.resolve();
    const second = commit(2); // queued: the only slot is busy with [1]
    const seenByFirst = await first.then(() => w.calls.map((c) => [...c]));
    expect(seenByFirst).toEqual([[1], [2]]);
    expect(await second).toBe(20);
  });

  it('retries a refused batch item by item, so only the bad item fails', async () => {
    const w = recorder((items) => (items.includes(3) ? Object.assign(new Error('refused'), { code: '22P05' }) : null));
    const commit = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    const out = await Promise.allSettled([1, 2, 3, 4].map((i) => commit(i)));
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(out.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([10, 20, null, 40]);
    expect(w.calls).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('holds the slot while a refused batch is retried: nothing else is sent meanwhile', async () => {
    const w = recorder((items) => (items.includes(3) ? Object.assign(new Error('refused'), { code: '22P05' }) : null));
    const commit = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    const batch = [1, 3].map((i) => commit(i));
    await Promise.resolve();
    await Promise.resolve();
    const later = commit(5);
    await Promise.allSettled([...batch, later]);
    expect(w.calls).toEqual([[1, 3], [1], [3], [5]]);
  });

  it('never retries when the outcome is unknown (the connection dropped): a retry could write twice', async () => {
    const w = recorder((items) => (items.length > 1 ? Object.assign(new Error('gone'), { code: 'CONNECTION_CLOSED' }) : null));
    const commit = groupCommit({ write: w.write, maxBatch: 10, maxInFlight: 1 });
    const out = await Promise.allSettled([1, 2, 3].map((i) => commit(i)));
    expect(out.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(w.calls).toEqual([[1, 2, 3]]);
  });
});

describe('refusedByDatabase', () => {
  it.each([
    [Object.assign(new Error('x'), { code: '23505' }), true],
    [new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '22P02' }) }), true],
    [Object.assign(new Error('x'), { code: '08006' }), false],
    [Object.assign(new Error('x'), { code: '57P01' }), false],
    [Object.assign(new Error('x'), { code: 'ECONNRESET' }), false],
    [new Error('plain'), false],
  ])('%s → %s', (err, refused) => expect(refusedByDatabase(err)).toBe(refused));
});

describe('groupCommitPerHandle', () => {
  it('keeps one writer per handle: writes on one handle batch together, never with those of another handle', async () => {
    const calls: [string, number[]][] = [];
    const writerOf = groupCommitPerHandle((handle: { name: string }) => ({
      write: async (items: number[]) => {
        calls.push([handle.name, items]);
        await new Promise((r) => setTimeout(r, 5));
        return items;
      },
      maxBatch: 10,
      maxInFlight: 1,
    }));
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    expect(writerOf(a)).toBe(writerOf(a));
    expect(writerOf(a)).not.toBe(writerOf(b));
    await Promise.all([writerOf(a)(1), writerOf(b)(2), writerOf(a)(3), writerOf(b)(4), writerOf(a)(5)]);
    expect(calls).toEqual([['a', [1, 3, 5]], ['b', [2, 4]]]);
  });
});
