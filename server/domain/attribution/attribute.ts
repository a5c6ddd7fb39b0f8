import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { affiliates, conversions } from '@/db/schema';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { matchConfidence } from '../tracking/confidence';
import { chooseTouch, touchesWhere, type Touch } from './touches';

export type AttributionInput = {
  visitorId?: string | null;
  fingerprint?: string | null;
  ipHash?: string | null;
  uaHash?: string | null;
  manualCode?: string | null;
  ref?: string | null;
  customerId?: string | null;
  at: Date;
};

export type Method = 'customer' | 'cookie' | 'fingerprint' | 'ip' | 'manual_code' | 'ref';
export type Attribution = {
  affiliateId: string;
  campaignId: string | null;
  method: Method;
  confidence: number;
  clickId: string | null;
  visitorKey: string | null;
  model: string | null;
  touches: Touch[];
};

const fromTouches = (method: 'cookie' | 'fingerprint' | 'ip', touches: Touch[], at: Date): Attribution | null => {
  const t = chooseTouch(touches);
  if (!t) return null;
  const confidence = method === 'cookie' ? 1 : matchConfidence(method, at.getTime() - t.ts.getTime(), t.windowDays);
  return { affiliateId: t.affiliateId, campaignId: t.campaignId, method, confidence, clickId: t.clickId, visitorKey: t.visitorKey, model: t.model, touches };
};

const activeByCode = preparedQuery('active_affiliate_by_code', (db) =>
  db
    .select({ id: affiliates.id, campaignId: affiliates.campaignId })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, sql.placeholder('workspaceId')), eq(affiliates.refCode, sql.placeholder('code')), eq(affiliates.status, 'active'))),
);

/** A referral code as affiliates' codes are stored (null for none). */
export const normalCode = (code: string | null | undefined) => (code ? code.trim().toLowerCase() : null);

/** The active affiliate a manual code or ref names, null for none. */
export type CodeAffiliate = Awaited<ReturnType<ReturnType<typeof activeByCode>['execute']>>[number] | null;

/** Attribution to the affiliate a manual code or ref names. */
export const byCodeOf = (a: NonNullable<CodeAffiliate>, method: 'manual_code' | 'ref'): Attribution =>
  ({ affiliateId: a.id, campaignId: a.campaignId, method, confidence: 1, clickId: null, visitorKey: null, model: null, touches: [] });

async function byCode(ctx: WorkspaceCtx, code: string, method: 'manual_code' | 'ref', read?: Promise<KnownAffiliates>): Promise<Attribution | null> {
  const a = read ? (await read)[method === 'ref' ? 'ref' : 'manualCode'] : (await activeByCode(ctx.db).execute({ workspaceId: ctx.workspaceId, code: normalCode(code) }))[0];
  return a ? byCodeOf(a, method) : null;
}

/**
 * The affiliate of the customer's latest conversion, if still active (recurring payments), under
 * placeholders workspaceId and customerId: a statement of its own, or a lateral join of the sale's
 * first read, where both tables go by names starting with `as` (`only`: a condition it adds).
 */
export const priorAffiliate = (db: DbOrTx, as?: string, only?: SQL) => {
  const [c, a] = as ? [alias(conversions, `${as}_conversion`), alias(affiliates, `${as}_affiliate`)] : [conversions, affiliates];
  return db
    .select({ affiliateId: c.affiliateId, campaignId: c.campaignId })
    .from(c)
    .innerJoin(a, and(eq(a.id, c.affiliateId), eq(a.status, 'active')))
    .where(and(only, eq(c.workspaceId, sql.placeholder('workspaceId')), eq(c.customerId, sql.placeholder('customerId')), eq(c.isTest, false)))
    .orderBy(desc(c.ts))
    .limit(1);
};

const customerAffiliate = preparedQuery('customer_affiliate', (db) => priorAffiliate(db));
type CustomerAffiliate = Awaited<ReturnType<ReturnType<typeof customerAffiliate>['execute']>>[number] | null;
/**
 * What the caller read already: the active affiliates a conversion's manual code and ref name, the
 * customer's prior affiliate (null for none, or when no customer was given), and the visitor's
 * touches (touchesWhere by cookie; none when no visitor was given).
 */
export type KnownAffiliates = { manualCode: CodeAffiliate; ref: CodeAffiliate; customer: CustomerAffiliate; visitorTouches: Touch[] };

/**
 * Who earns this conversion (docs/attribution.md#how-a-conversion-finds-its-affiliate): a customer already
 * attributed keeps its affiliate (recurring payments); otherwise visitor_id (cookie), fingerprint,
 * ip + user agent, manual code, ref, in that order. Null: nobody. `known`: the customer's prior
 * affiliate, the visitor's touches and the affiliates of the manual code and the ref as the caller
 * read them (conversionFirstRead), awaited only when their step comes; without it each is looked up here.
 */
export async function attribute({ ctx, input, known }: { ctx: WorkspaceCtx; input: AttributionInput; known?: Promise<KnownAffiliates> }): Promise<Attribution | null> {
  if (input.customerId) {
    const prior = known ? (await known).customer : (await customerAffiliate(ctx.db).execute({ workspaceId: ctx.workspaceId, customerId: input.customerId }))[0];
    if (prior) return { ...prior, method: 'customer', confidence: 1, clickId: null, visitorKey: null, model: null, touches: [] };
  }
  const steps: [boolean, () => Promise<Attribution | null>][] = [
    [!!input.visitorId, async () => fromTouches('cookie', known ? (await known).visitorTouches : await touchesWhere({ ctx, match: { by: 'cookie', visitorKey: input.visitorId! }, at: input.at }), input.at)],
    [!!input.fingerprint, async () => fromTouches('fingerprint', await touchesWhere({ ctx, match: { by: 'fingerprint', fingerprint: input.fingerprint! }, at: input.at }), input.at)],
    [!!(input.ipHash && input.uaHash), async () => fromTouches('ip', await touchesWhere({ ctx, match: { by: 'ip', ipHash: input.ipHash!, uaHash: input.uaHash! }, at: input.at }), input.at)],
    [!!input.manualCode, () => byCode(ctx, input.manualCode!, 'manual_code', known)],
    [!!input.ref, () => byCode(ctx, input.ref!, 'ref', known)],
  ];
  for (const [applies, run] of steps) {
    if (!applies) continue;
    const found = await run();
    if (found) return found;
  }
  return null;
}
