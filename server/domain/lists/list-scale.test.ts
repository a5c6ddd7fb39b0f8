import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { rowsOf } from '../../lib/rows';
import { planGuards, WS } from '../../testing/plan-guards';
import { describeWith } from '../../testing/requirements';
import { listAffiliates } from '../affiliates/list';
import { paymentHistory } from '../commissions/engine/history';
import { listCommissions } from '../commissions/list';
import { withCommissionIds, type Payout } from '../payouts/payouts';

// A page of a list costs the same with 3,000 rows or 30,000: PostgreSQL reads the page in index
// order instead of sorting every row of the workspace (the commissions list also skips test
// conversions through their primary key, not by hashing all of them). Counted with the server's
// own table statistics: rows read sequentially and rows fetched through an index. The sale's and
// the refund's statements have their own guards (server/store/store-plans.test.ts).
await describeWith('postgres', 'list reads as the program grows', (server) => {
  const g = planGuards(server, 'lists');
  const page = { limit: 50, offset: 0 };

  it.each([3_000, 30_000])('a page of 50 commissions or affiliates reads about 50 rows of %i', async (n) => {
    await g.seed(n);
    const listed = await listCommissions({ ctx: g.ctx(), filter: {}, page });
    expect(listed).toHaveLength(50);
    expect(listed.every((c) => c.workspaceId === WS)).toBe(true);
    const commissions = await g.rowsRead('commissions', () => listCommissions({ ctx: g.ctx(), filter: {}, page }));
    expect(commissions.seq).toBe(0);
    expect(commissions.idx).toBeLessThanOrEqual(60); // 50 plus the test ones skipped on the way
    const conversions = await g.rowsRead('conversions', () => listCommissions({ ctx: g.ctx(), filter: {}, page }));
    expect(conversions.seq).toBe(0);
    expect(conversions.idx).toBeLessThanOrEqual(60);
    const affiliates = await g.rowsRead('affiliates', () => listAffiliates({ ctx: g.ctx(), filter: {}, page }));
    expect(affiliates).toEqual({ seq: 0, idx: 50 });
  });

  it('the commissions of one affiliate read only its rows, also in the plan a prepared statement settles on', async () => {
    await g.seed(30_000);
    // a program's usual shape: a few affiliates with many commissions each (here 20 with 1,500)
    await g.db().execute(sql`
      with partners as (select array_agg(gen_random_uuid()) as ids from generate_series(1, 20))
      update commissions set affiliate_id = partners.ids[1 + abs(hashtext(commissions.id::text)) % 20] from partners`);
    await g.db().execute(sql`analyze commissions`);
    const [aff] = await rowsOf<{ id: string }>(g.db(), sql`select id from affiliates order by created_at limit 1`);
    await g.db().execute(sql`
      insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency, status, created_at)
      select gen_random_uuid(), ${WS}, ${aff.id}, id, 300, 300, 'usd', 'pending', created_at from conversions where not is_test order by created_at limit 3`);
    // a statement run often enough is planned once for any affiliate: the plan that walked the
    // whole workspace's commissions looking for this one's three
    await g.withGenericPlans(async () => {
      const filter = { affiliateId: aff.id };
      expect(await listCommissions({ ctx: g.ctx(), filter, page })).toHaveLength(3);
      const read = await g.rowsRead('commissions', () => listCommissions({ ctx: g.ctx(), filter, page }));
      expect(read.seq).toBe(0);
      expect(read.idx).toBeLessThanOrEqual(3);
    });
  });

  it("a customer's payments and a payout's commissions are read through indexes that hold only rows with one, also in the generic plan", async () => {
    await g.seed(30_000);
    // every tenth conversion has one of 256 customers (about twelve payments each), every hundredth commission a payout
    await g.db().execute(sql`update conversions set customer_id = 'c' || (hashtext(external_id) & 255) where right(external_id, 1) = '0'`);
    await g.db().execute(sql`analyze conversions`);
    const payout = { id: randomUUID() } as Payout;
    await g.db().execute(sql`update commissions set payout_id = ${payout.id} where id in (select id from commissions order by created_at limit 300)`);
    await g.db().execute(sql`analyze commissions`);
    const [entries] = await rowsOf<{ customers: number; payouts: number }>(g.db(), sql`
      select (select count(*)::int from conversions where customer_id is not null) as customers,
             (select count(*)::int from commissions where payout_id is not null) as payouts`);
    expect(entries).toEqual({ customers: 3_000, payouts: 300 });
    const [{ customer }] = await rowsOf<{ customer: string }>(g.db(), sql`select customer_id as customer from conversions where customer_id is not null and not is_test limit 1`);
    await g.withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const history = await g.rowsRead('conversions', async () => expect((await paymentHistory({ ctx: g.ctx(), sale: { customerId: customer, ts: new Date() } })).periodIndex).toBeGreaterThan(0));
        expect(history.seq).toBe(0);
        expect(history.idx).toBeLessThanOrEqual(40);
        const settled = await g.rowsRead('commissions', async () => {
          const [row] = await withCommissionIds({ ctx: g.ctx(), rows: [payout] });
          expect(row.commissionIds).toHaveLength(300);
        });
        expect(settled).toEqual({ seq: 0, idx: 300 });
      }
    });
  });
});
