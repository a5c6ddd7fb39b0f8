import fc from 'fast-check';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commissions } from '@/db/schema';
import { recordConversion } from '../conversions/record-conversion';
import { recordRefund } from '../conversions/refund';
import { updateConversion } from '../conversions/update';
import { reviewCommission } from '../commissions/review';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram } from '../../testing/program';
import { TEST_ACTOR } from '../../testing/seed';
import { createBounty } from './bounties';
import { evaluateBounties } from './evaluate';
import { reviewSubmission, submitProof } from './submissions';

// The ledger with bounty lines (docs/groups-bounties-recruiters.md#the-commission-a-bounty-earns):
// for random sequences of sales, refunds, status changes, payouts, performance evaluations in
// two months, approved submissions and denials, every affiliate's live commissions equal exactly
// what sales earn (30 %, clawed back with the sale) plus the bounties an oracle says were reached,
// once per period, never clawed back. The oracle shares no code with the engine or period.ts.
// Seeded (PROPERTY_SEED, PROPERTY_RUNS), like the sale ledger's property test beside the engine.

const SEED = Number(process.env.PROPERTY_SEED ?? 4_949);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const REWARD = 1_234; // performance bounty: 2 sales in a calendar month
const PROOF_REWARD = 777; // submission bounty, once ever
const REVERSED = new Set(['refunded', 'reversed', 'chargeback']);
const MONTHS = ['2026-03', '2026-04'];

type Sale = { gross: number; status: string; affiliate: string; month: number };
const saleCommission = (s: Sale) => (REVERSED.has(s.status) ? 0 : Number((BigInt(s.gross) * 30n * 2n + 100n) / 200n));

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const order = fc.nat(2);
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sale' as const), order, amount: fc.integer({ min: 1, max: 1_000_000 }), who: fc.nat(1), month: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), order }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const), order, status: fc.constantFrom('pending', 'confirmed', 'reversed') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('evaluate' as const), month: fc.nat(1), twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('proof' as const), who: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deny' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const) }) },
);

it('bounty lines join the ledger exactly: once per period, never clawed back, sums exact', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      const p = await startProgram(api, { prefix: `bl${run++}x` });
      const ctx = { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR };
      const people = [p.a.id, p.b.id];
      const perf = await createBounty({ ctx, input: { name: 'Two a month', type: 'performance', metric: 'sales', target: 2, period: 'month', rewardAmount: REWARD } });
      const proof = await createBounty({ ctx, input: { name: 'Proof', type: 'submission', rewardAmount: PROOF_REWARD } });
      const ids: (string | undefined)[] = [];
      const sales: Sale[] = [];
      // oracle: the bounty lines earned, keyed `${bounty}|${affiliate}|${period}`, and whether denied
      const earned = new Map<string, { amount: number; denied: boolean }>();
      for (const o of ops) {
        if (o.kind === 'sale') {
          if (ids[o.order]) continue; // one sale per slot
          const ts = new Date(`${MONTHS[o.month]}-1${o.order}T10:00:00Z`);
          const r = await recordConversion({ ctx, input: { type: 'sale', externalId: `${p.ws.id}-${o.order}`, ref: o.who ? p.b.ref : p.a.ref, amount: o.amount, ts } });
          if (r.attributed) ids[o.order] = r.conversion_id;
          sales[o.order] = { gross: o.amount, status: 'pending', affiliate: people[o.who], month: o.month };
        } else if (o.kind === 'refund' || o.kind === 'status') {
          const id = ids[o.order];
          if (!id) continue;
          if (o.kind === 'refund') {
            await recordRefund({ ctx, input: { externalId: `${p.ws.id}-${o.order}`, amount: null, reason: 'refund' } });
            sales[o.order].status = 'refunded';
          } else {
            await updateConversion({ ctx, id, patch: { status: o.status } });
            sales[o.order].status = o.status;
          }
        } else if (o.kind === 'evaluate') {
          const now = new Date(`${MONTHS[o.month]}-28T12:00:00Z`);
          const run1 = () => evaluateBounties({ db: api.db, workspaceId: p.ws.id, affiliateIds: people, now });
          await (o.twice ? Promise.all([run1(), run1()]) : run1());
          for (const who of people) {
            const live = sales.filter((s) => s && s.affiliate === who && s.month === o.month && !REVERSED.has(s.status)).length;
            const key = `${perf.id}|${who}|${MONTHS[o.month]}`;
            if (live >= 2 && !earned.has(key)) earned.set(key, { amount: REWARD, denied: false });
          }
        } else if (o.kind === 'proof') {
          const who = people[o.who];
          const key = `${proof.id}|${who}|all`;
          const actx = { ...ctx, affiliateId: who, actor: { kind: 'affiliate' as const, affiliateId: who } };
          if (earned.has(key)) {
            await expect(submitProof({ ctx: actx, bountyId: proof.id, proofText: 'again' })).rejects.toThrow();
            continue;
          }
          const sub = await submitProof({ ctx: actx, bountyId: proof.id, proofText: 'proof' });
          await reviewSubmission({ ctx, id: sub.id, review: { status: 'approved' } });
          earned.set(key, { amount: PROOF_REWARD, denied: false });
        } else if (o.kind === 'deny') {
          const [pending] = await api.db.select().from(commissions)
            .where(and(eq(commissions.workspaceId, p.ws.id), eq(commissions.kind, 'bounty'), eq(commissions.status, 'pending'))).limit(1);
          if (!pending) continue;
          await reviewCommission({ ctx, id: pending.id, review: { status: 'denied' } });
          earned.get(`${pending.bountyId}|${pending.affiliateId}|${pending.periodKey}`)!.denied = true;
        } else {
          await api.db.update(commissions).set({ status: 'paid' })
            .where(and(eq(commissions.workspaceId, p.ws.id), inArray(commissions.status, ['pending', 'approved'])));
        }
      }
      const rows = await api.db.select().from(commissions).where(eq(commissions.workspaceId, p.ws.id));
      const bountyRows = rows.filter((r) => r.kind === 'bounty');
      // one line per bounty, affiliate and period, exactly those the oracle expects, none clawed back
      expect(bountyRows.map((r) => `${r.bountyId}|${r.affiliateId}|${r.periodKey}`).sort()).toEqual([...earned.keys()].sort());
      for (const r of bountyRows) {
        const e = earned.get(`${r.bountyId}|${r.affiliateId}|${r.periodKey}`)!;
        expect(r.conversionId).toBeNull();
        expect(r.amount).toBe(e.amount);
        expect(e.denied ? r.status === 'denied' : r.status !== 'denied' && r.status !== 'reversed').toBe(true);
      }
      expect(rows.filter((r) => r.reversesCommissionId && bountyRows.some((b) => b.id === r.reversesCommissionId))).toEqual([]);
      // every affiliate's live total: its sales' commissions plus its bounties, to the minor unit
      for (const who of people) {
        const live = rows.filter((r) => r.affiliateId === who && r.status !== 'reversed' && r.status !== 'denied').reduce((s, r) => s + r.amount, 0);
        const fromSales = sales.filter((s) => s && s.affiliate === who).reduce((s, x) => s + saleCommission(x), 0);
        const fromBounties = [...earned.entries()].filter(([k, e]) => k.split('|')[1] === who && !e.denied).reduce((s, [, e]) => s + e.amount, 0);
        expect(live, `affiliate ${who === p.a.id ? 'a' : 'b'}`).toBe(fromSales + fromBounties);
      }
      // the sale ledger never points at a bounty, a bounty line never at a sale
      expect(await api.db.select().from(commissions).where(and(eq(commissions.workspaceId, p.ws.id), isNotNull(commissions.bountyId), isNotNull(commissions.conversionId)))).toEqual([]);
      expect(await api.db.select().from(commissions).where(and(eq(commissions.workspaceId, p.ws.id), isNull(commissions.bountyId), isNull(commissions.conversionId)))).toEqual([]);
    }),
    {
      seed: SEED,
      numRuns: RUNS,
      includeErrorInReport: true,
      reporter: (details) => {
        if (details.failed) throw new Error(`${fc.defaultReportMessage(details)}\n(replay: PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS})`);
      },
    },
  );
}, 600_000);
