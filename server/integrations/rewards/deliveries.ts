import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliateBillingCustomers, commissionRules, commissions, conversions, integrationSales, rewardDeliveries, rewardDeliveryScans } from '@/db/schema';
import { addAuditEntry } from '../../domain/audit/audit-entries';
import { systemActor } from '../../domain/context';
import { sweepCursor, sweepWorkspaces, type SweepLimits } from '../../domain/jobs/sweep';
import { workspacesWith } from '../../domain/jobs/workspaces-with';
import { errorSummary, logError } from '../../lib/log';
import { paddleRewards } from '../paddle/rewards';
import { ProviderApiError } from '../provider-api';
import { SecretUnavailable } from '../secret-box';
import { apiKeyOf, findIntegration } from '../settings';
import { stripeRewards } from '../stripe/rewards';
import { DeliveryRefused, type BillingRewards, type RewardDelivery } from './billing-rewards';

// The reward delivery job (docs/rewards-in-billing.md). A sale writes its commission as ever and
// calls no provider; this job finds earnings whose rule delivers in the billing system and that
// have no delivery yet, writes one row each (unique on the commission), claims due rows with a
// lease so one worker makes each provider call, and takes a reward back when its commission is
// reversed or denied within the hold. Each provider call is idempotent on the commission too,
// so a worker that dies between the call and its write repeats the call harmlessly.

export const REWARD_DELIVERY_QUEUE = 'integrations.reward_deliveries';
export const REWARD_DELIVERY_LIMITS: SweepLimits = { batchSize: 20, rounds: 5, budget: 200 };

const PROVIDERS: Record<string, BillingRewards> = { stripe: stripeRewards, paddle: paddleRewards };
// after this many failed tries a delivery stays failed until its cause is fixed and it is retried by hand
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
// a refund noticed this long after the hold ended (the job was down) still takes the reward back
const HOLD_GRACE = sql`interval '1 day'`;
const inSeconds = (s: number) => sql`now() + make_interval(secs => ${s}::int)`;
// 1, 2, 4 … minutes, at most an hour
const backoffSeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);

// The job reads a workspace's commissions in commissions_workspace_created_idx order from where it
// stopped (reward_delivery_scans), a window at a time: no index of its own on commissions, whose
// every index each sale writes (past 16 relations a sale's write leaves PostgreSQL's fast-path
// locks: server/domain/lists/list-scale.test.ts). It stays SCAN_LAG behind the clock: a commission
// carries its sale's time, and one committing a little after a newer one is still read.
const SCAN_WINDOW = 1_000;
const SCAN_LAG = sql`interval '1 minute'`;
// a workspace never read starts this long before its first rule delivering in billing
const FIRST_SCAN_MARGIN = sql`interval '1 hour'`;
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Writes the delivery rows of the workspace's earnings written since its last read that need one; answers how many. */
async function enqueue(db: Db, workspaceId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.select().from(rewardDeliveryScans).where(eq(rewardDeliveryScans.workspaceId, workspaceId)).for('update');
    const from = mark
      ? sql`(${mark.scannedTo.toISOString()}::timestamptz, ${mark.scannedId}::uuid)`
      : sql`((select min(${commissionRules.createdAt}) - ${FIRST_SCAN_MARGIN} from ${commissionRules}
              where ${commissionRules.workspaceId} = ${workspaceId} and ${commissionRules.delivery} <> 'payout'), ${NO_ID}::uuid)`;
    const window = tx
      .select({ id: commissions.id, createdAt: commissions.createdAt })
      .from(commissions)
      .where(and(eq(commissions.workspaceId, workspaceId), sql`(${commissions.createdAt}, ${commissions.id}) > ${from}`, sql`${commissions.createdAt} < now() - ${SCAN_LAG}`))
      .orderBy(asc(commissions.createdAt), asc(commissions.id))
      .limit(SCAN_WINDOW)
      .as('w');
    const read = await tx
      .select({
        createdAt: window.createdAt,
        scannedId: window.id,
        due: sql<boolean>`(${commissions.rewardType} = 'non_cash' and ${commissions.kind} = 'earning' and ${commissions.status} in ('pending', 'approved')
               and ${commissionRules.delivery} <> 'payout' and not ${conversions.isTest})`,
        commissionId: commissions.id,
        kind: commissionRules.delivery,
        target: commissionRules.deliveryTarget,
        amount: commissions.amount,
        currency: commissions.currency,
        months: commissionRules.deliveryMonths,
        holdUntil: commissions.holdUntil,
      })
      .from(window)
      .innerJoin(commissions, eq(commissions.id, window.id))
      .leftJoin(commissionRules, and(eq(commissionRules.id, commissions.ruleId), eq(commissionRules.workspaceId, workspaceId)))
      .innerJoin(conversions, and(eq(conversions.id, commissions.conversionId), eq(conversions.workspaceId, workspaceId)))
      .orderBy(asc(window.createdAt), asc(window.id));
    const last = read.at(-1);
    if (!last) return 0;
    await tx
      .insert(rewardDeliveryScans)
      .values({ workspaceId, scannedTo: last.createdAt, scannedId: last.scannedId })
      .onConflictDoUpdate({ target: rewardDeliveryScans.workspaceId, set: { scannedTo: last.createdAt, scannedId: last.scannedId } });
    const due = read.filter((c) => c.due && c.kind && c.kind !== 'payout');
    if (!due.length) return 0;
    const rows = await tx
      .insert(rewardDeliveries)
      .values(due.map((c) => ({
        workspaceId, commissionId: c.commissionId, kind: c.kind as Exclude<typeof c.kind, 'payout' | null>, target: c.target!, currency: c.currency,
        amount: c.kind === 'account_credit' ? c.amount : null, months: c.months, holdUntil: c.holdUntil, nextAttemptAt: new Date(),
      })))
      .onConflictDoNothing({ target: rewardDeliveries.commissionId })
      .returning({ id: rewardDeliveries.id });
    return rows.length;
  });
}

/** Where the reward goes: the sale's provider and customer (and subscription), or the affiliate's billing customer. */
async function resolveTarget(db: Db, d: RewardDelivery) {
  const [c] = await db
    .select({ affiliateId: commissions.affiliateId, externalId: conversions.externalId, customerId: conversions.customerId })
    .from(commissions)
    .innerJoin(conversions, and(eq(conversions.id, commissions.conversionId), eq(conversions.workspaceId, commissions.workspaceId)))
    .where(and(eq(commissions.id, d.commissionId), eq(commissions.workspaceId, d.workspaceId)));
  if (!c) throw new DeliveryRefused('the commission no longer exists');
  const [sale] = await db
    .select()
    .from(integrationSales)
    .where(and(eq(integrationSales.workspaceId, d.workspaceId), inArray(integrationSales.provider, Object.keys(PROVIDERS)), eq(integrationSales.saleRef, c.externalId)))
    .limit(1);
  if (d.target === 'customer') {
    const customerId = sale?.customerId ?? null;
    if (!sale || !customerId) throw new DeliveryRefused('the sale did not come from a connected billing provider with a customer');
    return { provider: sale.provider, customerId, subscriptionId: sale.subscriptionId };
  }
  const mine = await db
    .select()
    .from(affiliateBillingCustomers)
    .where(and(eq(affiliateBillingCustomers.workspaceId, d.workspaceId), eq(affiliateBillingCustomers.affiliateId, c.affiliateId)));
  const billing = mine.find((b) => b.provider === sale?.provider) ?? mine[0];
  if (!billing) throw new DeliveryRefused('the affiliate has no billing customer set (PUT /v1/affiliates/{id}/billing-customers/{provider})');
  return { provider: billing.provider, customerId: billing.customerId, subscriptionId: null };
}

async function keyFor(db: Db, workspaceId: string, provider: string): Promise<string> {
  const integration = await findIntegration({ ctx: { db, workspaceId }, provider });
  let key: string | null = null;
  try {
    key = integration ? apiKeyOf(integration) : null;
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
  }
  if (!key) throw new DeliveryRefused(`no ${provider} API key is set (or it can no longer be read): rewards are delivered through it`);
  return key;
}

// Our words only: a provider's own message can quote the key.
const failureText = (err: unknown) => (err instanceof ProviderApiError || err instanceof DeliveryRefused ? err.message : 'internal error while delivering');

async function failed(db: Db, d: RewardDelivery, err: unknown, keepState: boolean) {
  if (!(err instanceof ProviderApiError || err instanceof DeliveryRefused)) logError('rewards.delivery_failed', { delivery: d.id, error: errorSummary(err) }, err);
  const retry = d.attempts < MAX_ATTEMPTS;
  await db
    .update(rewardDeliveries)
    .set({ ...(keepState ? {} : { state: 'failed' as const }), error: failureText(err), nextAttemptAt: retry ? inSeconds(backoffSeconds(d.attempts)) : null, updatedAt: new Date() })
    .where(eq(rewardDeliveries.id, d.id));
}

// What the job did at a provider, in the workspace's audit log under the job's name.
const audit = (tx: Parameters<typeof addAuditEntry>[0], d: RewardDelivery, action: string, after: Record<string, string | number | null>) =>
  addAuditEntry(tx, { db: tx, workspaceId: d.workspaceId, actor: systemActor(REWARD_DELIVERY_QUEUE) }, action, { type: 'commission', id: d.commissionId }, { after });

/** One claimed delivery: resolve, call, record. */
async function deliver(db: Db, d: RewardDelivery) {
  try {
    const where = d.provider && d.customerId ? { provider: d.provider, customerId: d.customerId, subscriptionId: d.subscriptionId } : await resolveTarget(db, d);
    const rewards = PROVIDERS[where.provider];
    if (!rewards) throw new DeliveryRefused(`${where.provider} cannot deliver rewards`);
    const key = await keyFor(db, d.workspaceId, where.provider);
    const resolved = { ...d, ...where };
    const made = d.kind === 'account_credit' ? await rewards.credit(key, resolved) : await rewards.freeMonths(key, resolved);
    await db.transaction(async (tx) => {
      await tx
        .update(rewardDeliveries)
        .set({ ...where, subscriptionId: made.subscriptionId ?? where.subscriptionId, state: 'delivered', providerObjectId: made.providerObjectId, error: null, nextAttemptAt: null, updatedAt: new Date() })
        .where(eq(rewardDeliveries.id, d.id));
      await audit(tx, d, 'reward.delivered', { provider: where.provider, customer_id: where.customerId, provider_object_id: made.providerObjectId, amount: d.amount, currency: d.currency, months: d.months });
    });
  } catch (err) {
    await failed(db, d, err, false);
  }
}

/** One claimed reversal: take back, record what came back and the shortfall. */
async function takeBack(db: Db, d: RewardDelivery) {
  try {
    const rewards = PROVIDERS[d.provider ?? ''];
    if (!rewards || !d.provider || !d.customerId) throw new DeliveryRefused('the delivery has no provider customer');
    const key = await keyFor(db, d.workspaceId, d.provider);
    const { reversed, shortfall } = await rewards.takeBack(key, { ...d, provider: d.provider, customerId: d.customerId });
    await db.transaction(async (tx) => {
      await tx
        .update(rewardDeliveries)
        .set({ state: 'reversed', reversedAmount: reversed, shortfall, reversedAt: new Date(), error: null, nextAttemptAt: null, updatedAt: new Date() })
        .where(eq(rewardDeliveries.id, d.id));
      await audit(tx, d, 'reward.taken_back', { provider: d.provider, provider_object_id: d.providerObjectId, reversed_amount: reversed, shortfall });
    });
  } catch (err) {
    await failed(db, d, err, true);
  }
}

const lease = { nextAttemptAt: inSeconds(LEASE_SECONDS), attempts: sql`${rewardDeliveries.attempts} + 1`, updatedAt: new Date() };
const gone = inArray(commissions.status, ['reversed', 'denied']);

/**
 * A workspace's batch: new rows, then due deliveries and due reversals, each claimed by one
 * conditional update (the lease), so concurrent workers never call the provider for the same row.
 */
export async function deliverWorkspaceRewards(db: Db, workspaceId: string, limit = REWARD_DELIVERY_LIMITS.batchSize): Promise<number> {
  const added = await enqueue(db, workspaceId);
  const wasReversed = db
    .select({ one: sql`1` })
    .from(commissions)
    .where(and(eq(commissions.id, rewardDeliveries.commissionId), gone));
  // a commission reversed before its reward went out: nothing to deliver or take back
  await db
    .update(rewardDeliveries)
    .set({ state: 'reversed', reversedAt: new Date(), nextAttemptAt: null, error: null, updatedAt: new Date() })
    .where(and(eq(rewardDeliveries.workspaceId, workspaceId), inArray(rewardDeliveries.state, ['pending', 'failed']), sql`exists (${wasReversed})`));
  const deliveries = await db
    .update(rewardDeliveries)
    .set(lease)
    .where(
      inArray(
        rewardDeliveries.id,
        db
          .select({ id: rewardDeliveries.id })
          .from(rewardDeliveries)
          .where(and(eq(rewardDeliveries.workspaceId, workspaceId), inArray(rewardDeliveries.state, ['pending', 'failed']), lte(rewardDeliveries.nextAttemptAt, sql`now()`)))
          .orderBy(rewardDeliveries.nextAttemptAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  for (const d of deliveries) await deliver(db, d);
  const reversals = await db
    .update(rewardDeliveries)
    .set(lease)
    .where(
      inArray(
        rewardDeliveries.id,
        db
          .select({ id: rewardDeliveries.id })
          .from(rewardDeliveries)
          .innerJoin(commissions, eq(commissions.id, rewardDeliveries.commissionId))
          .where(
            and(
              eq(rewardDeliveries.workspaceId, workspaceId),
              eq(rewardDeliveries.state, 'delivered'),
              // reward_deliveries_held_idx: only rewards still in (or just past) their hold
              sql`(${rewardDeliveries.holdUntil} is null or ${rewardDeliveries.holdUntil} > now() - ${HOLD_GRACE})`,
              // due: never tried, or a failed try's time has come (an error without one: given up)
              sql`(${rewardDeliveries.nextAttemptAt} <= now() or (${rewardDeliveries.nextAttemptAt} is null and ${rewardDeliveries.error} is null))`,
              gone,
            ),
          )
          .limit(limit)
          .for('update', { of: rewardDeliveries, skipLocked: true }),
      ),
    )
    .returning();
  for (const d of reversals) await takeBack(db, d);
  return Math.max(added, deliveries.length, reversals.length);
}

/** The job's run: every workspace with a billing delivery rule or deliveries to work on, in turns. */
export async function deliverRewards(db: Db, limits = REWARD_DELIVERY_LIMITS): Promise<{ done: number; more: boolean }> {
  const after = sweepCursor(REWARD_DELIVERY_QUEUE);
  const [rules, open] = await Promise.all([
    workspacesWith(db, 'commission_rules', sql`delivery <> 'payout'`, { after }),
    workspacesWith(db, 'reward_deliveries', sql`state in ('pending', 'failed')`, { after }),
  ]);
  const ids = [...new Set([...rules.ids, ...open.ids])];
  return sweepWorkspaces({
    db,
    queue: REWARD_DELIVERY_QUEUE,
    workspaces: { ids, complete: rules.complete && open.complete },
    limits,
    batch: (workspaceId) => deliverWorkspaceRewards(db, workspaceId, limits.batchSize),
  });
}
