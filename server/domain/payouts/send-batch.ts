import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { affiliatePayoutMethods, commissions, payoutBatches, payouts, workspaceSettings } from '@/db/schema';
import { presentCommission } from '../../contracts/commission';
import { presentPayout } from '../../contracts/payout';
import { invalidState, notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, Actor } from '../context';
import { emitEvent } from '../events/emit-event';
import { wellFormedId } from '../records';
import { withCommissionIds, type Payout } from './payouts';

// Sending a batch through the merchant's own rails (docs/paying-affiliates.md#sending-a-batch).
// Each line is moved pending → processing and committed BEFORE the provider is called, and the
// call carries an idempotency key made of the line's id: a send cut short at any point (kill -9,
// a lost answer) leaves the line processing, and finishing it repeats the same call, which the
// provider answers with the transfer it already made. A line is never paid twice.

/** A line as the rail sends it: the exact parameters are kept on the line, so a retry repeats them. */
export type RailLine = { id: string; batchId: string; amount: number; currency: string; destination: string };
/** The provider's answer: paid, refused (the line fails), or none (unknown: the line stays processing and is retried). */
export type RailAnswer = { outcome: 'paid'; ref: string } | { outcome: 'failed'; reason: string } | { outcome: 'unknown'; reason: string };
export type PayoutRail = { name: 'stripe_connect'; transfer(line: RailLine): Promise<RailAnswer> };

export type SendResult = { batchId: string; sent: Payout[]; skipped: { id: string; reason: string }[] };

const actorLabel = (a: Actor) => (a.kind === 'user' ? `user:${a.userId}` : a.kind === 'key' ? `key:${a.keyId}` : a.kind === 'affiliate' ? `affiliate:${a.affiliateId}` : `system:${a.job}`);

/**
 * POST /v1/payout-batches/{id}/send. Claims the batch once (row lock and state: a second send
 * answers invalid_state and calls nothing), moves its Stripe lines to processing in that same
 * commit, then sends each. Manual lines stay pending for the CSV; a line the rail cannot pay
 * (its currency) stays pending with the reason. `rail` is null when the workspace has no Stripe
 * key: then a batch with a Stripe line is refused before anything changes.
 */
export async function sendBatch({ ctx, batchId, rail, now = new Date() }: { ctx: ActingCtx; batchId: string; rail: PayoutRail | null; now?: Date }): Promise<SendResult> {
  wellFormedId(batchId, () => notFound('payout batch'));
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
    const stripeLines = lines.filter((l) => l.method?.kind === 'stripe_connect');
    if (stripeLines.length && !rail) throw invalidState('this batch has Stripe Connect lines: save a Stripe API key that can write transfers first');
    const sent: Payout[] = [];
    const skipped: SendResult['skipped'] = [];
    for (const { payout, method } of stripeLines) {
      // Stripe pays a transfer from the platform's balance, in its currency: never converted silently.
      const reason =
        method?.state !== 'ready' || !method.stripeAccountId
          ? 'payout_method_not_ready: the Stripe account cannot receive transfers yet'
          : payout.currency !== (ws?.currency ?? 'usd')
            ? `currency_not_payable: Stripe transfers from the balance in ${(ws?.currency ?? 'usd').toUpperCase()}, this line is in ${payout.currency.toUpperCase()}`
            : null;
      if (reason) {
        await tx.update(payouts).set({ failureReason: reason, updatedAt: now }).where(eq(payouts.id, payout.id));
        await addAuditEntry(tx, ctx, 'payout.send_skipped', { type: 'payout', id: payout.id }, { reason });
        skipped.push({ id: payout.id, reason });
        continue;
      }
      const [row] = await tx
        .update(payouts)
        .set({ status: 'processing', rail: 'stripe_connect', destination: method!.stripeAccountId, sentAt: now, failureReason: null, updatedAt: now })
        .where(eq(payouts.id, payout.id))
        .returning();
      const [record] = await withCommissionIds({ ctx: c, rows: [row] });
      await emitEvent({ ctx: c, type: 'payout.sent', object: 'payout', record: presentPayout(record) });
      await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentPayout(record) });
      await addAuditEntry(tx, ctx, 'payout.sent', { type: 'payout', id: row.id }, { before: { status: 'pending' }, after: { status: 'processing', rail: 'stripe_connect', destination: row.destination } });
      sent.push(row);
    }
    await tx.update(payoutBatches).set({ state: 'sent', sentAt: now, sentBy: actorLabel(ctx.actor) }).where(eq(payoutBatches.id, batchId));
    await addAuditEntry(tx, ctx, 'payout_batch.sent', { type: 'payout_batch', id: batchId }, { sent: sent.map((p) => p.id), skipped, manual: lines.length - stripeLines.length });
    return { sent, skipped };
  });
  const finished = rail ? await finishProcessing({ ctx, rail, ids: claimed.sent.map((p) => p.id) }) : [];
  return { batchId, sent: finished, skipped: claimed.skipped };
}

/**
 * Sends again every line of the workspace left processing (a send that died after its claim, or
 * whose answer was lost), or only `ids`, or only those sent before `sentBefore` (the job leaves a
 * send in progress to finish itself): the same call under the same idempotency key. Answers the
 * lines as they are after it.
 */
export async function finishProcessing({ ctx, rail, ids, sentBefore }: { ctx: ActingCtx; rail: PayoutRail; ids?: string[]; sentBefore?: Date }): Promise<Payout[]> {
  if (ids && !ids.length) return [];
  const lines = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.status, 'processing'), eq(payouts.rail, rail.name), ids ? inArray(payouts.id, ids) : undefined, sentBefore ? lt(payouts.sentAt, sentBefore) : undefined))
    .orderBy(asc(payouts.id));
  const out: Payout[] = [];
  for (const line of lines) {
    const answer = await rail.transfer({ id: line.id, batchId: line.batchId ?? line.id, amount: line.amount, currency: line.currency, destination: line.destination ?? '' });
    out.push(await recordAnswer({ ctx, id: line.id, answer }));
  }
  return out;
}

/** Writes the provider's answer on a processing line, with its events and audit entry, in one transaction. */
async function recordAnswer({ ctx, id, answer }: { ctx: ActingCtx; id: string; answer: RailAnswer }): Promise<Payout> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [line] = await tx.select().from(payouts).where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.id, id))).for('update');
    if (!line) throw notFound('payout');
    // Another finisher recorded it first (both calls answered the same transfer): nothing more to do.
    if (line.status !== 'processing') return line;
    if (answer.outcome === 'unknown') {
      await addAuditEntry(tx, ctx, 'payout.send_unanswered', { type: 'payout', id }, { reason: answer.reason });
      return line;
    }
    const now = new Date();
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, id));
    // Locked in id order first, like every multi-row lock on commissions, so none can deadlock.
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    const [row] = await tx
      .update(payouts)
      .set(answer.outcome === 'paid' ? { status: 'paid', providerRef: answer.ref, paidAt: now, updatedAt: now } : { status: 'failed', failureReason: answer.reason, updatedAt: now })
      .where(eq(payouts.id, id))
      .returning();
    const [record] = await withCommissionIds({ ctx: c, rows: [row] });
    const changed =
      answer.outcome === 'paid'
        ? await tx.update(commissions).set({ status: 'paid', updatedAt: now }).where(and(inPayout, eq(commissions.status, 'approved'))).returning()
        : await tx.update(commissions).set({ payoutId: null, updatedAt: now }).where(inPayout).returning();
    const type = answer.outcome === 'paid' ? 'payout.paid' : 'payout.failed';
    await addAuditEntry(tx, ctx, type, { type: 'payout', id }, { before: { status: 'processing' }, after: { status: row.status, provider_ref: row.providerRef, failure_reason: row.failureReason } });
    await emitEvent({ ctx: c, type, object: 'payout', record: presentPayout(record) });
    await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentPayout(record) });
    for (const cm of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(cm) });
    return row;
  });
}

/**
 * The provider took a paid line's money back (Stripe transfer.reversed): the line becomes
 * returned with the reason, and its commissions approved and unpaid again for the next batch.
 * Answers null when no paid line has that provider reference.
 */
export async function returnPayout({ ctx, providerRef, reason }: { ctx: ActingCtx; providerRef: string; reason: string }): Promise<Payout | null> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [line] = await tx.select().from(payouts).where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.providerRef, providerRef))).for('update');
    if (!line || line.status !== 'paid') return null;
    const now = new Date();
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, line.id));
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    const [row] = await tx.update(payouts).set({ status: 'returned', failureReason: reason, updatedAt: now }).where(eq(payouts.id, line.id)).returning();
    // What the line paid is unpaid again: paid earnings back to approved, every commission out of the payout.
    const changed = await tx
      .update(commissions)
      .set({ payoutId: null, status: sql`case when ${commissions.status} = 'paid' then 'approved' else ${commissions.status} end`, updatedAt: now })
      .where(inPayout)
      .returning();
    const [record] = await withCommissionIds({ ctx: c, rows: [row] });
    await addAuditEntry(tx, ctx, 'payout.returned', { type: 'payout', id: line.id }, { before: { status: 'paid' }, after: { status: 'returned', failure_reason: reason } });
    await emitEvent({ ctx: c, type: 'payout.failed', object: 'payout', record: presentPayout(record) });
    await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentPayout(record) });
    for (const cm of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(cm) });
    return row;
  });
}
