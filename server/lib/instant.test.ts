import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing/database';
import { isoFromDatabase } from './instant';
import { rowsOf } from './rows';

// Must answer exactly what new Date(text).toISOString() answers, for every shape PostgreSQL sends.
describe('isoFromDatabase', () => {
  it.each([
    '2026-11-26 23:29:14.123456+00',
    '2026-11-26 23:29:14.999999+00',
    '2026-01-02 03:04:05.1+00',
    '2026-01-02 03:04:05.12+00',
    '2026-01-02 03:04:05+00',
    '2000-02-29 00:00:00.000001+00',
    '2026-11-26 23:29:14.5+05:30',
    '2026-11-26 23:29:14-08',
  ])('%s', (text) => {
    expect(isoFromDatabase(text)).toBe(new Date(text).toISOString());
  });

  it('converts what the database sends, whatever the session time zone', async () => {
    const database = await openTestDatabase();
    try {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles']) {
        // set_config(…, true) lasts for the transaction, which holds one connection
        const t = await database.db.transaction(async (tx) => {
          await rowsOf(tx, sql`select set_config('TimeZone', ${zone}, true)`);
          const [row] = await rowsOf<{ t: string }>(tx, sql`select '2026-11-26 23:29:14.123456+00'::timestamptz::text as t`);
          return row.t;
        });
        expect(isoFromDatabase(t)).toBe('2026-11-26T23:29:14.123Z');
      }
    } finally {
      await database.close();
    }
  });
});
