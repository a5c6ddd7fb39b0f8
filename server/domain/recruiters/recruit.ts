import { and, eq, sql } from 'drizzle-orm';
import { affiliatePayoutMethods, affiliates, commissions } from '@/db/schema';
import type { DbOrTx } from '@/db/client';
import { invalid } from '../../errors/errors';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/rows';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { presentCommission } from '../../contracts/commission';
import { normaliseEmail } from '../affiliates/normalise-email';
import { OWN_ADDRESS_MAX_FINGERPRINTS, OWN_DEVICE_MIN_CLICKS, OWN_DEVICE_MIN_SHARE } from '../risk/self-referral-devices';
import { readSettings } from '../settings/settings';
import { selfRecruitSignals, type RecruitParty, type SelfRecruitSignal } from './self-recruit';
import { recruiterTermsOf } from './terms';

type Affiliate = typeof affiliates.$inferSelect;
const DAY_MS = 86_400_000;

const inbox = (email: string | null | undefined) => (email ? normaliseEmail(email) : '');

/**
 * The devices the risk engine calls an affiliate's own (self-referral-devices.ts): fingerprints
 * and addresses carrying at least OWN_DEVICE_MIN_CLICKS of its clicks and OWN_DEVICE_MIN_SHARE of
 * them (an address only while few browsers share it), as `f:`/`i:` keys. One statement.
 */
async function ownDevices(db: DbOrTx, workspaceId: string, affiliateId: string): Promise<string[]> {
  const rows = await rowsOf<{ device: string }>(
    db,
    sql`with own as (select fingerprint, ip_hash from clicks where workspace_id = ${workspaceId} and affiliate_id = ${affiliateId}),
        total as (select count(*)::int as n from own)
        select 'f:' || fingerprint as device from own where fingerprint is not null group by fingerprint
          having count(*) >= ${OWN_DEVICE_MIN_CLICKS} and count(*) >= ${OWN_DEVICE_MIN_SHARE}::float8 * (select n from total)
        union all
        select 'i:' || ip_hash from own where ip_hash is not null group by ip_hash
          having count(*) >= ${OWN_DEVICE_MIN_CLICKS} and count(*) >= ${OWN_DEVICE_MIN_SHARE}::float8 * (select n from total)
            and count(distinct fingerprint) <= ${OWN_ADDRESS_MAX_FINGERPRINTS}`,
  );
  return rows.map((r) => r.device);
}

/** An affiliate's side of the self-recruit check, read from its row, payout method and clicks; `devices` added (a sign-up's address). */
export async function partyOf(ctx: WorkspaceCtx, a: Pick<Affiliate, 'id' | 'email' | 'payoutEmail'>, devices: string[] = []): Promise<RecruitParty> {
  const [method] = await ctx.db
    .select({ stripe: affiliatePayoutMethods.stripeAccountId, paypal: affiliatePayoutMethods.paypalReceiver })
    .from(affiliatePayoutMethods)
    .where(and(eq(affiliatePayoutMethods.workspaceId, ctx.workspaceId), eq(affiliatePayoutMethods.affiliateId, a.id)));
  const payoutAccounts = [
    method?.stripe ? `stripe:${method.stripe}` : '',
    method?.paypal ? `paypal:${method.paypal.includes('@') ? inbox(method.paypal) : method.paypal}` : '',
    a.payoutEmail ? `paypal:${inbox(a.payoutEmail)}` : '',
  ];
  return { inboxes: [inbox(a.email), inbox(a.payoutEmail)], devices: [...devices, ...(await ownDevices(ctx.db, ctx.workspaceId, a.id))], payoutAccounts };
}

/** A new applicant's side (it has no clicks nor payout method yet): its inbox and the address it applied from. */
export const applicantParty = (email: string, signupIpHash: string | null): RecruitParty => ({
  inboxes: [inbox(email)], devices: signupIpHash ? [`i:${signupIpHash}`] : [], payoutAccounts: [],
});

export type RecruiterDecision = { recruiterId: string | null; refused: SelfRecruitSignal[] };

/**
 * Whether `recruiter` may be recorded as the recruiter of the affiliate described by `recruit`:
 * not when the recruit looks like the recruiter (selfRecruitSignals); then no recruiter is
 * recorded and the refusal is flagged for the manager (flagRefusedRecruit).
 */
export async function decideRecruiter(ctx: WorkspaceCtx, recruiter: Affiliate, recruit: RecruitParty): Promise<RecruiterDecision> {
  const refused = selfRecruitSignals({ recruiter: await partyOf(ctx, recruiter), recruit });
  return { recruiterId: refused.length ? null : recruiter.id, refused };
}

/** The refusal in the audit log (action affiliate.recruit_refused), with the signals, where a manager reviews it. */
export const flagRefusedRecruit = (tx: DbOrTx, ctx: ActingCtx, recruitId: string, recruiterId: string, signals: SelfRecruitSignal[]) =>
  addAuditEntry(tx, ctx, 'affiliate.recruit_refused', { type: 'affiliate', id: recruitId }, { recruiter_id: recruiterId, signals });

/**
 * A manager naming `recruiter` as the recruit's recruiter (PATCH /v1/affiliates/{id} recruited_by):
 * only while it has none, never itself nor its own recruit (a cycle). Answers the columns to set,
 * or none when the check refused it as a self-recruit (then flagged).
 */
export async function recruiterByManager(tx: DbOrTx, ctx: ActingCtx, current: Affiliate, recruiter: Affiliate): Promise<Pick<Affiliate, 'recruitedBy' | 'recruitedAt'> | null> {
  if (current.recruitedBy === recruiter.id) return null;
  if (current.recruitedBy) throw invalid('recruited_by', 'the affiliate already has a recruiter; it never changes');
  if (recruiter.id === current.id) throw invalid('recruited_by', 'an affiliate cannot recruit itself');
  if (recruiter.recruitedBy === current.id) throw invalid('recruited_by', 'this affiliate recruited the one named: recruiting is one way');
  const txCtx = { db: tx, workspaceId: ctx.workspaceId };
  const decision = await decideRecruiter(txCtx, recruiter, await partyOf(txCtx, current));
  if (!decision.recruiterId) {
    await flagRefusedRecruit(tx, ctx, current.id, recruiter.id, decision.refused);
    return null;
  }
  return { recruitedBy: recruiter.id, recruitedAt: new Date() };
}

/**
 * A recruit just became active (approved, or auto-approved on joining): when its recruiter's group
 * gives a flat reward on approval, within its months, the recruiter earns it once: a commission of
 * kind recruiter with no conversion, unique per (recruiter, recruit), so racing approvals write one.
 * docs/groups-bounties-recruiters.md#recruiters-two-tier
 */
export async function awardRecruitApproval(tx: DbOrTx, ctx: WorkspaceCtx, recruit: Pick<Affiliate, 'id' | 'recruitedBy'>) {
  if (!recruit.recruitedBy) return null;
  const txCtx = { db: tx, workspaceId: ctx.workspaceId };
  const terms = await recruiterTermsOf(txCtx, recruit.id);
  if (!terms || terms.rewardType !== 'flat_on_approval') return null;
  const now = new Date();
  const end = new Date(terms.recruitedAt);
  if (terms.months !== null && now >= new Date(end.setUTCMonth(end.getUTCMonth() + terms.months))) return null;
  const settings = await readSettings(txCtx);
  const [row] = await tx
    .insert(commissions)
    .values({
      id: newId(), workspaceId: ctx.workspaceId, affiliateId: terms.recruiterId, conversionId: null, ruleId: null, amount: terms.amount, computedAmount: terms.amount,
      currency: terms.currency ?? settings.currency, status: settings.autoApproveCommissions ? 'approved' : 'pending', kind: 'recruiter', recruitId: recruit.id,
      holdUntil: new Date(now.getTime() + settings.holdDays * DAY_MS), createdAt: now, updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) await emitEvent({ ctx: txCtx, type: 'commission.created', object: 'commission', record: presentCommission(row) });
  return row ?? null;
}

/** The active affiliate of the workspace whose ref code is `code` (a recruit link's `via`), if any. */
export async function recruiterByCode(ctx: WorkspaceCtx, code: string): Promise<Affiliate | undefined> {
  const [row] = await ctx.db.select().from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.refCode, code.trim().toLowerCase()), eq(affiliates.status, 'active')));
  return row;
}
