import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { addAffiliate } from '../domain/affiliates/create-affiliate';
import { slugify } from '../domain/affiliates/ref-codes';
import { assertRefCodeFree, keepOldCode, lockRefCodes } from '../domain/affiliates/ref-aliases';
import type { Affiliate } from '../domain/affiliates/affiliates';
import { createCampaign } from '../domain/campaigns/write-campaign';
import { createCode } from '../domain/codes/write-codes';
import { systemActor, type ActingCtx } from '../domain/context';
import { setCommissionRule } from '../domain/rules/set-rule';
import { RefcountError } from '../errors/errors';
import { linkCustomer } from '../integrations/customers';
import { integrationCtx } from '../integrations/provider';
import { storeHistoricalCommissions, storePaidPayouts, type HistoricalCommission, type PaidPayout } from './history-store';
import { claimFresh, knownRefs, noteRefs, type RefScope } from './refs';
import { relinkStripeCustomers } from './stripe-relink';
import type { ImportedTerms, ImportKind, Pages, PeerSource, Unmappable } from './types';

// Runs one import (docs/moving-from-another-platform.md): the peer's records in the order their
// references need (campaigns, affiliates, their codes, referred customers, commissions, payouts),
// each written through the domain function that makes such a record, and noted in import_refs in
// the same transaction. A record noted already is skipped, so a rerun adds only what is new and a
// run stopped half way resumes. A dry run reads everything, writes nothing, and says what it would do.

export const IMPORT_KINDS: ImportKind[] = ['campaign', 'affiliate', 'code', 'referral', 'commission', 'payout'];

export type ImportReport = {
  source: string;
  dryRun: boolean;
  /** Records written (a dry run: that would be). */
  added: Record<ImportKind, number>;
  /** Records an earlier run imported already. */
  alreadyImported: Record<ImportKind, number>;
  /** What the peer has that Refcount cannot hold, or could not take, with why: the first MAX_LISTED. */
  unmappable: Unmappable[];
  /** How many there were in all, listed or not. */
  unmappableCount: number;
  /** Stripe customers linked through the peer's metadata key; null: the workspace has no Stripe API key. */
  stripeCustomersLinked: number | null;
};

export type RunImport = {
  db: Db;
  workspaceId: string;
  source: PeerSource;
  dryRun?: boolean;
  /** Called after each page: the report so far. */
  onProgress?: (kind: ImportKind, report: ImportReport) => void;
};

// A report is stored after every page and shown whole: past this many, only counted, so a peer
// with a hundred thousand odd records cannot make each progress write carry them all.
export const MAX_LISTED = 500;

/** Lists what could not come over (the first MAX_LISTED), counting all of it. */
function listUnmappable(report: ImportReport, ...items: Unmappable[]) {
  report.unmappableCount += items.length;
  const room = MAX_LISTED - report.unmappable.length;
  if (room > 0) report.unmappable.push(...items.slice(0, room));
}

const zero = () => Object.fromEntries(IMPORT_KINDS.map((k) => [k, 0])) as Record<ImportKind, number>;

function ruleChangeOf(terms: ImportedTerms) {
  const length = { length_type: terms.lengthType, ...(terms.lengthType === 'limited' ? { length_months: terms.lengthMonths ?? 1 } : {}) };
  return terms.isFlat ? { is_flat: true, amount: terms.amount, currency: terms.currency, ...length } : { is_flat: false, amount: terms.percent, ...length };
}

/** A domain refusal (taken code, bad terms…) is listed against the record; anything else stops the run. */
async function orListed<T>(report: ImportReport, kind: ImportKind, id: string, write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof RefcountError)) throw err;
    listUnmappable(report, { kind, id, reason: err.message });
    return undefined;
  }
}

export async function runImport({ db, workspaceId, source, dryRun = false, onProgress }: RunImport): Promise<ImportReport> {
  const ctx: ActingCtx = { db, workspaceId, actor: systemActor(`import.${source.name}`) };
  const scope: RefScope = { workspaceId, source: source.name };
  const report: ImportReport = { source: source.name, dryRun, added: zero(), alreadyImported: zero(), unmappable: [], unmappableCount: 0, stripeCustomersLinked: null };

  /** Each page: its items not imported yet (the rest counted), then `write` unless a dry run. */
  async function eachPage<T extends { id: string; unmappable?: string[] }>(kind: ImportKind, pages: Pages<T>, write: (fresh: T[]) => Promise<void>, dry?: (fresh: T[]) => void) {
    for await (const page of pages) {
      listUnmappable(report, ...(page.skipped ?? []));
      const known = await knownRefs(db, scope, kind, page.items.map((i) => i.id));
      const fresh = page.items.filter((i) => !known.has(i.id));
      report.alreadyImported[kind] += page.items.length - fresh.length;
      if (!dryRun) await write(fresh);
      else {
        report.added[kind] += fresh.length;
        dry?.(fresh);
        for (const item of fresh) listUnmappable(report, ...(item.unmappable ?? []).map((reason) => ({ kind, id: item.id, reason })));
      }
      onProgress?.(kind, report);
    }
  }
  const localIds = async (kind: ImportKind, ids: (string | null)[]) => knownRefs(db, scope, kind, [...new Set(ids.filter((i): i is string => !!i))]);

  await eachPage('campaign', source.campaigns(), async (fresh) => {
    for (const c of fresh) {
      listUnmappable(report, ...c.unmappable.map((reason) => ({ kind: 'campaign' as const, id: c.id, reason })));
      const made = await orListed(report, 'campaign', c.id, () =>
        db.transaction(async (tx) => {
          if (!(await claimFresh(tx, scope, 'campaign', [c])).length) return undefined;
          const inTx = { ...ctx, db: tx };
          const campaign = await createCampaign({ ctx: inTx, input: { name: c.name, ...(c.cookieWindowDays ? { cookieWindowDays: c.cookieWindowDays } : {}) } });
          if (c.terms) await setCommissionRule({ ctx: inTx, campaignId: campaign.id, change: ruleChangeOf(c.terms) });
          await noteRefs(tx, scope, 'campaign', [{ externalId: c.id, localId: campaign.id }]);
          return campaign;
        }),
      );
      if (made !== undefined) report.added.campaign++;
    }
  });

  await eachPage('affiliate', source.affiliates(), async (fresh) => {
    const campaignsById = await localIds('campaign', fresh.map((a) => a.campaignId));
    for (const a of fresh) {
      const [token] = a.refTokens;
      // ref codes are 3..64 of [a-z0-9_-], lower-case (docs/affiliates.md#referral-codes)
      const refCode = token ? slugify(token).padEnd(3, '0') : undefined;
      const listed = [...a.unmappable];
      if (token && refCode !== token.toLowerCase()) listed.push(`link token ${token} is not a ref code here: it becomes ${refCode}`);
      const result = await orListed(report, 'affiliate', a.id, () =>
        db.transaction(async (tx) => {
          if (!(await claimFresh(tx, scope, 'affiliate', [a])).length) return undefined;
          const input = { email: a.email ?? undefined, name: a.name ?? undefined, payoutEmail: a.payoutEmail, status: a.status, refCode, campaignId: campaignsById.get(a.campaignId ?? '') };
          const made = await addAffiliate(tx, ctx, input);
          if (made.kind === 'created') await keepOtherTokens(tx, made.row, a.refTokens.slice(1), listed);
          await noteRefs(tx, scope, 'affiliate', [{ externalId: a.id, localId: made.row.id }]);
          return made;
        }),
      );
      if (!result) continue;
      report.added.affiliate++;
      if (result.kind === 'existing') listed.push(`an affiliate with the e-mail ${a.email} existed: the import is linked to it, which keeps its own settings`);
      else if (refCode && result.row.refCode !== refCode) listed.push(`ref code ${refCode} is taken in this workspace: its ref code is ${result.row.refCode}`);
      listUnmappable(report, ...listed.map((reason) => ({ kind: 'affiliate' as const, id: a.id, reason })));
    }
  });

  /**
   * An affiliate's further link tokens, as aliases of its ref code (docs/affiliates.md#changing-a-ref-code):
   * `?ref=<token>` of any of its links keeps crediting it. A token another affiliate or code holds is listed.
   */
  async function keepOtherTokens(tx: Tx, affiliate: Affiliate, tokens: string[], listed: string[]) {
    if (!tokens.length) return;
    await lockRefCodes(tx, workspaceId, 'change');
    for (const token of tokens) {
      const code = slugify(token).padEnd(3, '0');
      if (code === affiliate.refCode) continue;
      try {
        await assertRefCodeFree(tx, { db: tx, workspaceId }, affiliate.id, code);
      } catch (err) {
        if (!(err instanceof RefcountError)) throw err;
        listed.push(`link token ${token}: ${err.message}`);
        continue;
      }
      await keepOldCode(tx, { db: tx, workspaceId }, affiliate.id, code, affiliate.refCode);
    }
  }

  await eachPage('code', source.codes(), async (fresh) => {
    const owners = await localIds('affiliate', fresh.map((c) => c.affiliateId));
    for (const c of fresh) {
      const affiliateId = owners.get(c.affiliateId);
      if (!affiliateId) {
        listUnmappable(report, { kind: 'code', id: c.id, reason: `coupon ${c.code}: its affiliate ${c.affiliateId} was not imported` });
        continue;
      }
      const made = await orListed(report, 'code', c.id, () =>
        db.transaction(async (tx) => {
          if (!(await claimFresh(tx, scope, 'code', [c])).length) return undefined;
          const code = await createCode({ ctx: { ...ctx, db: tx }, affiliateId, code: c.code, source: 'manager' });
          await noteRefs(tx, scope, 'code', [{ externalId: c.id, localId: code.id }]);
          return code;
        }),
      );
      if (made !== undefined) report.added.code++;
    }
  });

  // a dry run's referrals, not in import_refs: the Stripe scan counts customers naming them
  const unwritten = new Set<string>();
  await eachPage('referral', source.referrals(), async (fresh) => {
    const owners = await localIds('affiliate', fresh.map((r) => r.affiliateId));
    const refCodes = await refCodesOf(ctx, [...owners.values()]);
    await db.transaction(async (tx) => {
      const stripe = integrationCtx(tx, workspaceId, 'stripe');
      for (const r of await claimFresh(tx, scope, 'referral', fresh)) {
        const affiliateId = owners.get(r.affiliateId);
        const refCode = refCodes.get(affiliateId ?? '');
        if (!affiliateId || !refCode) {
          listUnmappable(report, { kind: 'referral', id: r.id, reason: `its affiliate ${r.affiliateId} was not imported` });
          continue;
        }
        // a customer the peer knew: linked now; a visitor's referral is noted for the Stripe scan below
        if (r.stripeCustomerId) await linkCustomer(stripe, r.stripeCustomerId, { ref: refCode }, `import:${source.name}:${r.id}`);
        await noteRefs(tx, scope, 'referral', [{ externalId: r.id, localId: affiliateId }]);
        report.added.referral++;
      }
    });
  }, (fresh) => fresh.forEach((r) => unwritten.add(r.id)));

  report.stripeCustomersLinked = await relinkStripeCustomers({ ctx, scope, metadataKey: source.stripeMetadataKey, dryRun, unwritten });

  await eachPage('commission', source.commissions(), async (fresh) => {
    const owners = await localIds('affiliate', fresh.map((c) => c.affiliateId));
    const campaignOf = await campaignsOf(ctx, [...owners.values()]);
    const ready: HistoricalCommission[] = [];
    for (const c of fresh) {
      const localAffiliateId = owners.get(c.affiliateId);
      const campaignId = campaignOf.get(localAffiliateId ?? '');
      if (!localAffiliateId || !campaignId) listUnmappable(report, { kind: 'commission', id: c.id, reason: `its affiliate ${c.affiliateId} was not imported, or has no campaign` });
      else ready.push({ ...c, localAffiliateId, campaignId });
    }
    await db.transaction(async (tx) => {
      const made = await storeHistoricalCommissions(tx, ctx, source.name, await claimFresh(tx, scope, 'commission', ready));
      await noteRefs(tx, scope, 'commission', [...made].map(([externalId, localId]) => ({ externalId, localId })));
      report.added.commission += made.size;
    });
  });

  await eachPage('payout', source.payouts(), async (fresh) => {
    const owners = await localIds('affiliate', fresh.map((p) => p.affiliateId));
    const commissionsById = await localIds('commission', fresh.flatMap((p) => p.commissionIds));
    const ready: PaidPayout[] = [];
    for (const p of fresh) {
      const localAffiliateId = owners.get(p.affiliateId);
      if (!localAffiliateId) listUnmappable(report, { kind: 'payout', id: p.id, reason: `its affiliate ${p.affiliateId} was not imported` });
      else ready.push({ ...p, localAffiliateId, localCommissionIds: p.commissionIds.flatMap((id) => commissionsById.get(id) ?? []) });
    }
    await db.transaction(async (tx) => {
      const made = await storePaidPayouts(tx, ctx, await claimFresh(tx, scope, 'payout', ready));
      await noteRefs(tx, scope, 'payout', [...made].map(([externalId, localId]) => ({ externalId, localId })));
      report.added.payout += made.size;
    });
  });

  return report;
}

async function refCodesOf(ctx: ActingCtx, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await ctx.db.select({ id: affiliates.id, refCode: affiliates.refCode }).from(affiliates).where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, ids)));
  return new Map(rows.map((r) => [r.id, r.refCode]));
}

async function campaignsOf(ctx: ActingCtx, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await ctx.db.select({ id: affiliates.id, campaignId: affiliates.campaignId }).from(affiliates).where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, ids)));
  return new Map(rows.flatMap((r) => (r.campaignId ? [[r.id, r.campaignId] as const] : [])));
}
