import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeWith } from '../testing/requirements';
import { createRateLimiter, spend } from './rate-limit';

await describeWith('redis', 'shared Redis store', (redis) => {
  it('two app nodes on one Redis spend one shared budget per key', async () => {
    const nodeA = createRateLimiter(3, redis);
    const nodeB = createRateLimiter(3, redis);
    const key = `key-${randomUUID()}`;
    try {
      await Promise.all([nodeA.ready, nodeB.ready]);
      expect((await spend(nodeA, key)).remaining).toBe(2);
      expect((await spend(nodeB, key)).remaining).toBe(1);
      expect((await spend(nodeA, key)).allowed).toBe(true);
      const over = await spend(nodeB, key);
      expect(over.allowed).toBe(false);
      expect(over.resetSeconds).toBeGreaterThan(0);
      expect((await spend(nodeA, `other-${key}`)).allowed).toBe(true);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});

it('falls back to a per-node memory budget when Redis is unreachable', async () => {
  const node = createRateLimiter(2, 'redis://127.0.0.1:1');
  try {
    expect((await spend(node, 'k')).allowed).toBe(true);
    expect((await spend(node, 'k')).allowed).toBe(true);
    expect((await spend(node, 'k')).allowed).toBe(false);
  } finally {
    await node.close();
  }
});
