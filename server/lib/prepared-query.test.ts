import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { preparedSql } from './prepared-query';

// A raw hot statement (the click, sale and refund writes) is rendered to text once per database
// handle and then only bound to each call's values.
describe('preparedSql', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('renders its text once per handle and binds each call its own values, in a transaction too', async () => {
    const statement = sql`select n, ${sql.placeholder('label')}::text as label from generate_series(1, ${sql.placeholder('upTo')}::int) n order by n`;
    const rendered = vi.spyOn(statement, 'toQuery');
    const counting = preparedSql<{ n: number; label: string }>('test_counting', statement);

    expect(await counting(database.db)({ label: 'a', upTo: 2 })).toEqual([{ n: 1, label: 'a' }, { n: 2, label: 'a' }]);
    expect(await counting(database.db)({ label: 'b', upTo: 1 })).toEqual([{ n: 1, label: 'b' }]);
    expect(await counting(database.db)({ label: 'c', upTo: 0 })).toEqual([]);
    expect(rendered).toHaveBeenCalledTimes(1);

    const inside = await database.db.transaction(async (tx) => [await counting(tx)({ label: 'tx', upTo: 1 }), await counting(tx)({ label: 'tx2', upTo: 1 })]);
    expect(inside).toEqual([[{ n: 1, label: 'tx' }], [{ n: 1, label: 'tx2' }]]);
    expect(rendered).toHaveBeenCalledTimes(2);
  });
});
