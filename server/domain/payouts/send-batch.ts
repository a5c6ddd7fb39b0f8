import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { affiliatePayoutMethods, payoutBatches, payouts, workspaceSettings } from '@/db/schema';
import { presentWorkspacePayout } from '../../contracts/payout';
import { invalidState, notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, Actor } from '../context';
import { emitEvent } from '../events/emit-event';
import { wellFormedId } from '../records';
import { destinationOf, railOf, whyNotPayable } from './payable';
import { withCommissionIds, type Payout } from './payouts';
import { recordAnswer } from './rail-answers';
import type { BatchRail, PayoutRail, RailName } from './rails';

// Sending a batch through the merchant's own rails (docs/paying-affiliates.md#sending-a-batch).
// Each line is moved pending → processing and committed BEFORE the provider is called, and the
// call is one the provider makes once: Stripe's carries an idempotency key made of the line's id,
// PayPal's batch a sender_batch_id made of the batch's id. A send cut short at any point (kill -9,
// a lost answer) leaves the line processing, and finishing it repeats the same call, which the
// provider answers with what it already made. A line is never paid twice.

export type { PayoutRail, RailAnswer, RailLine } from './rails';

export type SendResult = { batchId: string; sent: Payout[]; skipped: { id: string; reason: string }[] };

const actorLabel = (a: Actor) => (a.kind === 'user' ? `user:${a.userId}` : a.kind === 'key' ? `key:${a.keyId}` : a.kind === 'affiliate' ? `affiliate:${a.affiliateId}` : `system:${a.job}`);
const LABELS: Record<RailName, string> = {
  stripe_connect: 'this batch has Stripe Connect lines: save a Stripe API key that can write transfers first',
  paypal: 'this batch has PayPal lines: save the PayPal client id and secret on the Integrations page first',
};

/**
 * POST /v1/payout-batches/{id}/send. Claims the batch once (row lock and state: a second send
 * answers invalid_state and calls nothing), moves its Stripe Connect and PayPal lines to
 * processing in that same commit, then sends them. Manual lines stay pending for the CSV; a line
 * its rail cannot pay (its currency) stays pending with the reason. `rails` are the workspace's
 * (`rail`: one alone); a batch with a line whose rail is missing is refused before anything changes.
 */
export async function sendBatch({ ctx, batchId, rail, rails = [], now = new Date() }: { ctx: ActingCtx; batchId: string; rail?: PayoutRail | null; rails?: readonly PayoutRail[]; now?: Date }): Promise<SendResult> {
  wellFormedId(batchId, () => notFound('payout batch'));
  const all = [...rails, ...(rail ? [rail] : [])];
  const claimed = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [batch] = await tx.select().from(payoutBatches).where(and(eq(payoutBatches.workspaceId, ctx.workspaceId), eq(payoutBatches.id, batchId))).for('update');
    if (!batch) throw notFound('payout batch');
    if (batch.state !== 'open') throw invalidState(`payout batch ${batchId} was sent at ${batch.sentAt?.toISOString()}; a batch is sent once`);
    const [ws] = await tx.select({ currency: workspaceSettings.currency }).from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ctx.workspaceId));
    const lines = await tx
      .select({ payout: payouts, method: affiliatePayoutMethods })
      .from(payouts)
      .leftJoin(affiliatePayoutMethods, and(eq(affiliatePayoutMethods.workspaceId, payouts.workspaceId), eq(affiliatePayoutMethods.affiliateId, payouts.affiliateId)))
      .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.batchId, batchId), eq(payouts.status, 'pending')))
      .orderBy(asc(payouts.id))
      .for('update', { of: payouts });
    const railed = lines.filter((l) => railOf(l.method));
    const missing = railed.map((l) => railOf(l.method)!).find((name) => !all.some((r) => r.name === name));
    if (missing) throw invalidState(LABELS[missing]);
    const sent: Payout[] = [];
    const skipped: SendResult['skipped'] = [];
    for (const { payout, method } of railed) {
      const reason = whyNotPayable(method, payout, ws?.currency ?? 'usd');
      if (reason) {
        await tx.update(payouts).set({ failureReason: reason, updatedAt: now }).where(eq(payouts.id, payout.id));
        await addAuditEntry(tx, ctx, 'payout.send_skipped', { type: 'payout', id: payout.id }, { reason });
        skipped.push({ id: payout.id, reason });
        continue;
      }
      const name = railOf(method)!;
      const [row] = await tx
        .update(payouts)
        .set({ status: 'processing', rail: name, destination: destinationOf(method!), sentAt: now, failureReason: null, updatedAt: now })
        .where(eq(payouts.id, payout.id))
        .returning();
      const [record] = await withCommissionIds({ ctx: c, rows: [row] });
      await emitEvent({ ctx: c, type: 'payout.sent', object: 'payout', record: presentWorkspacePayout(record) });
      await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentWorkspacePayout(record) });
      await addAuditEntry(tx, ctx, 'payout.sent', { type: 'payout', id: row.id }, { before: { status: 'pending' }, after: { status: 'processing', rail: name, destination: row.destination } });
      sent.push(row);
    }
    await tx.update(payoutBatches).set({ state: 'sent', sentAt: now, sentBy: actorLabel(ctx.actor) }).where(eq(payoutBatches.id, batchId));
    await addAuditEntry(tx, ctx, 'payout_batch.sent', { type: 'payout_batch', id: batchId }, { sent: sent.map((p) => p.id), skipped, manual: lines.length - railed.length });
    return { sent, skipped };
  });
  const finished: Payout[] = [];
  for (const r of all) {
    const ids = claimed.sent.filter((p) => p.rail === r.name).map((p) => p.id);
    if (ids.length) finished.push(...(await finishProcessing({ ctx, rail: r, ids })));
  }
  return { batchId, sent: finished.sort((a, b) => (a.id < b.id ? -1 : 1)), skipped: claimed.skipped };
}

/**
 * Sends again every line of the workspace left processing on `rail` (a send that died after its
 * claim, or whose answer was lost), or only `ids`, or only those sent before `sentBefore` (the
 * job leaves a send in progress to finish itself): the same call as the first time. Answers the
 * lines as they are after it.
 */
export async function finishProcessing({ ctx, rail, ids, sentBefore }: { ctx: ActingCtx; rail: PayoutRail; ids?: string[]; sentBefore?: Date }): Promise<Payout[]> {
  if (ids && !ids.length) return [];
  const lines = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.status, 'processing'), eq(payouts.rail, rail.name), ids ? inArray(payouts.id, ids) : undefined, sentBefore ? lt(payouts.sentAt, sentBefore) : undefined))
    .orderBy(asc(payouts.id));
  if (rail.name === 'paypal') return finishBatches(ctx, rail, lines);
  const out: Payout[] = [];
  for (const line of lines) {
    const answer = await rail.transfer({ id: line.id, batchId: line.batchId ?? line.id, amount: line.amount, currency: line.currency, destination: line.destination ?? '' });
    out.push(await recordAnswer({ ctx, id: line.id, answer }));
  }
  return out;
}

/** A batch rail's lines, per batch: the rail sees every line the batch sent through it, so it cuts the same calls. */
async function finishBatches(ctx: ActingCtx, rail: BatchRail, lines: Payout[]): Promise<Payout[]> {
  const out: Payout[] = [];
  for (const batchId of [...new Set(lines.map((l) => l.batchId ?? l.id))]) {
    const sent = await ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.batchId, batchId), eq(payouts.rail, rail.name)))
      .orderBy(asc(payouts.id));
    const answers = await rail.sendBatch({
      batchId,
      lines: sent.map((l) => ({ id: l.id, batchId, amount: l.amount, currency: l.currency, destination: l.destination ?? '', status: l.status, providerBatchRef: l.providerBatchRef, providerRef: l.providerRef })),
    });
    for (const line of lines.filter((l) => (l.batchId ?? l.id) === batchId)) {
      out.push(await recordAnswer({ ctx, id: line.id, answer: answers.get(line.id) ?? { outcome: 'unknown', reason: `${rail.name} said nothing of this line` } }));
    }
  }
  return out;
}
