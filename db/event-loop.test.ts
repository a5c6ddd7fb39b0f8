import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// PGlite runs statements on the server's own thread: a long chain of them (a job) must still let
// the event loop turn, or no request is even accepted until the chain ends.
describe('the embedded database and the event loop', () => {
  it('a timer due during a chain of statements fires before the chain ends', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      let done = 0;
      let firedAt: number | null = null;
      setTimeout(() => (firedAt = done), 0);
      for (let i = 0; i < 200; i++) {
        await database.db.execute(sql`select 1`);
        done++;
      }
      expect(firedAt).not.toBeNull();
      expect(firedAt).toBeLessThan(200);
    } finally {
      await database.close();
    }
  });
});
