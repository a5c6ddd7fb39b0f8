import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commissions, conversions } from '@/db/schema';
import { recordConversion } from '../conversions/record';
import { refundConversion } from '../conversions/refund';
import { updateConversion } from '../conversions/update';
import { startTestApi, type TestApi } from '../../testing/api';
import { liveSum, startProgram } from '../../testing/program';
import { percentOf, proRata } from './money';
import { REVERSAL_STATES } from './states';

// For random sequences of sales, refunds, partial refunds, status changes, re-attributions and
// payouts, every affiliate's live commissions on every conversion equal what the 30 % rule gives
// for the conversion's net state, and no conversion ever has two earnings for one affiliate.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const STATUSES = ['pending', 'confirmed', 'reversed', 'refunded', 'chargeback', 'voided'] as const;
const op = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), order: fc.nat(2), amount: fc.integer({ min: 1, max: 1_000_000 }), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.nat(2), share: fc.option(fc.integer({ min: 1, max: 100 })), chargeback: fc.boolean() }),
  fc.record({ kind: fc.constant('status' as const), order: fc.nat(2), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('move' as const), order: fc.nat(2), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('pay' as const), order: fc.nat(2) }),
);

it('the ledger always equals the rules applied to the net state', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      const p = await startProgram(api, { prefix: `r${run++}x` });
      const ctx = { db: api.db, workspaceId: p.ws.id };
      const people = [p.a, p.b, p.a];
      const ids: (string | undefined)[] = [];
      for (const o of ops) {
        const id = ids[o.order];
        if (o.kind === 'sale') {
          const r = await recordConversion({ ctx, input: { type: 'sale', externalId: `${p.ws.id}-${o.order}`, ref: people[o.who].ref, amount: o.amount } });
          if (r.attributed) ids[o.order] = r.conversion_id;
        } else if (!id) continue;
        else if (o.kind === 'refund') {
          const conv = (await api.db.select().from(conversions).where(eq(conversions.id, id)))[0];
          const amount = o.share === null ? null : Math.max(1, Math.floor((conv.amount * o.share) / 100));
          await refundConversion({ ctx, input: { externalId: conv.externalId, amount, reason: o.chargeback ? 'chargeback' : 'refund' } });
        } else if (o.kind === 'status') await updateConversion({ ctx, id, patch: { status: o.status } });
        else if (o.kind === 'move') await updateConversion({ ctx, id, patch: { affiliateId: people[o.who].id } });
        else {
          // a payout of everything unpaid and live on this conversion
          await api.db.update(commissions).set({ status: 'paid' })
            .where(and(eq(commissions.conversionId, id), inArray(commissions.status, ['pending', 'approved'])));
        }
      }
      for (const id of new Set(ids.filter(Boolean) as string[])) {
        const conv = (await api.db.select().from(conversions).where(eq(conversions.id, id)))[0];
        const rows = await p.ledger(id);
        const earnings = rows.filter((r) => r.kind === 'earning');
        expect(new Set(earnings.map((e) => e.affiliateId)).size).toBe(earnings.length);
        const live = !REVERSAL_STATES.has(conv.status);
        for (const who of [p.a, p.b]) {
          const expected = live && who.id === conv.affiliateId ? proRata(percentOf(conv.amount, 3000), conv.amount - conv.refundedAmount, conv.amount) : 0;
          expect(liveSum(rows, who.id)).toBe(expected);
        }
      }
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 30) },
  );
}, 300_000);
