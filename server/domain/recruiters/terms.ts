import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { affiliates, groups } from '@/db/schema';
import type { DbOrTx } from '@/db/client';
import type { WorkspaceCtx } from '../context';
import { keptPerHandle } from '../../lib/kept-per-handle';
import { percentOf } from '../../model/money';
import type { RECRUITER_REWARD_TYPES } from '../../model/enums';

type RecruiterRewardType = (typeof RECRUITER_REWARD_TYPES)[number];

// Two-tier commissions (docs/groups-bounties-recruiters.md#recruiters-two-tier). The tracked-sale
// path is benchmarked: a workspace where no group has recruiter terms must pay no statement per
// sale for them. Whether it has any is kept per process under settings.rules_version, which a
// group's recruiter terms changing moves (triggers of migration 0030), as kept-rules.ts keeps rules.
const kept = keptPerHandle<{ version: number; has: boolean }>(5_000); // workspaces per database handle
const stats = new WeakMap<DbOrTx, { kept: number; read: number }>();

/** Whether any group of the workspace has recruiter terms, kept under the workspace's rules version. */
export async function workspaceHasRecruiterTerms(ctx: WorkspaceCtx, version: number): Promise<boolean> {
  let counts = stats.get(ctx.db);
  if (!counts) stats.set(ctx.db, (counts = { kept: 0, read: 0 }));
  const found = kept.get(ctx.db, ctx.workspaceId);
  if (found?.version === version) {
    counts.kept++;
    return found.has;
  }
  counts.read++;
  const [row] = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, ctx.workspaceId), isNotNull(groups.recruiterRewardType)))
    .limit(1);
  kept.set(ctx.db, ctx.workspaceId, { version, has: !!row });
  return !!row;
}

/** Reads of workspaceHasRecruiterTerms on `db` so far answered from what was kept, and read. */
export const recruiterTermsStats = (db: DbOrTx) => ({ kept: stats.get(db)?.kept ?? 0, read: stats.get(db)?.read ?? 0 });

/** A recruit's recruiter and the terms of the recruiter's group now. */
export type RecruiterTerms = {
  recruiterId: string;
  recruitedAt: Date;
  rewardType: RecruiterRewardType;
  amount: number;
  currency: string | null;
  months: number | null;
};

const recruiter = alias(affiliates, 'recruiter');

/**
 * The recruit's recruiter with its group's recruiter terms, in one statement, only when the
 * workspace has recruiter terms at all; null when it has none, the affiliate was not recruited,
 * its recruiter is not active, or the recruiter's group gives nothing for recruiting.
 */
export async function recruiterOf(ctx: WorkspaceCtx, rulesVersion: number, recruitId: string): Promise<RecruiterTerms | null> {
  if (!(await workspaceHasRecruiterTerms(ctx, rulesVersion))) return null;
  return recruiterTermsOf(ctx, recruitId);
}

/** recruiterOf without the kept check: the one statement. */
export async function recruiterTermsOf(ctx: WorkspaceCtx, recruitId: string): Promise<RecruiterTerms | null> {
  const [row] = await ctx.db
    .select({
      recruiterId: recruiter.id, recruitedAt: affiliates.recruitedAt, rewardType: groups.recruiterRewardType,
      amount: groups.recruiterAmount, currency: groups.recruiterCurrency, months: groups.recruiterMonths,
    })
    .from(affiliates)
    .innerJoin(recruiter, and(eq(recruiter.id, affiliates.recruitedBy), eq(recruiter.workspaceId, ctx.workspaceId), eq(recruiter.status, 'active')))
    .innerJoin(groups, and(eq(groups.id, recruiter.groupId), eq(groups.workspaceId, ctx.workspaceId)))
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.id, recruitId), isNotNull(groups.recruiterRewardType), sql`${groups.recruiterAmount} > 0`));
  if (!row?.rewardType || row.amount === null) return null;
  return { ...row, rewardType: row.rewardType, amount: row.amount, recruitedAt: row.recruitedAt ?? new Date(0) };
}

function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/**
 * What a recruiter earns on one commission of its recruit, before any refund (the line then
 * follows the recruit's commission pro rata): a percent of the commission or of the sale's revenue
 * basis, while the sale is within `months` of the recruitment. A flat reward is earned on
 * approval, never per sale. Pure.
 */
export function recruiterShare(
  terms: RecruiterTerms,
  sale: { commission: number; commissionCurrency: string; basis: number; saleCurrency: string; ts: Date },
): { amount: number; currency: string } | null {
  if (terms.months !== null && sale.ts >= addMonths(terms.recruitedAt, terms.months)) return null;
  if (terms.rewardType === 'percent_of_commission') return { amount: percentOf(sale.commission, terms.amount), currency: sale.commissionCurrency };
  if (terms.rewardType === 'percent_of_sale') return { amount: percentOf(sale.basis, terms.amount), currency: sale.saleCurrency };
  return null;
}
