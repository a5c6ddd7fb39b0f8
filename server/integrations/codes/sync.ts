import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliateCodeLinks, affiliateCodeSyncs, affiliateCodes, affiliates, campaigns, groups } from '@/db/schema';
import { defaultCampaignId } from '../../domain/campaigns/campaigns';
import { sweepCursor, sweepWorkspaces, type SweepLimits } from '../../domain/jobs/sweep';
import { workspacesWith } from '../../domain/jobs/workspaces-with';
import { logError, logInfo } from '../../lib/log';
import { ProviderApiError } from '../provider-api';
import { SecretUnavailable } from '../secret-box';
import { apiKeyOf, findIntegration } from '../settings';
import { discountOf, signatureOf } from './discount';
import { paddlePusher } from './paddle-codes';
import { CodeRefused, type CodeLink, type CodePusher, type DueCode } from './pusher';
import { stripePusher } from './stripe-codes';

// The code sync job (docs/integrations/stripe.md "Affiliate codes"): every affiliate code whose
// sync_state is 'pending' (set by each change the providers must follow) or that failed and is
// due again is made so in each provider the workspace connected with an API key: a promotion
// code in Stripe, a discount in Paddle, made, re-priced, deactivated or reactivated, never
// deleted. The provider calls run outside any transaction, each followed at once by the row
// that records it, so a crash between two resumes where it stopped.

export const CODE_SYNC_QUEUE = 'integrations.codes';
// A code is a few provider calls (8 s timeout each): a handful a batch, a bounded number a run,
// so one workspace's thousand new codes take turns with the others' (server/domain/jobs/sweep.ts).
export const CODE_SYNC_LIMITS: SweepLimits = { batchSize: 10, rounds: 5, budget: 100 };
// Long enough for a code's calls with one network retry each; a crashed worker's lease lapses.
const LEASE_SECONDS = 300;

const PUSHERS: Record<'stripe' | 'paddle', (key: string) => CodePusher> = { stripe: stripePusher, paddle: paddlePusher };
const PROVIDERS = Object.keys(PUSHERS) as (keyof typeof PUSHERS)[];

// A row's version: its updated_at to the microsecond, so a change made while the providers were
// being called is not overwritten by this run's verdict (the code stays pending for the next).
const versionOf = sql<string>`(extract(epoch from ${affiliateCodes.updatedAt}) * 1000000)::bigint::text`;
const leased = sql`exists (select 1 from ${affiliateCodeSyncs} s where s.code_id = ${affiliateCodes.id} and s.lease_until > now())`;
const dueAgain = sql`exists (select 1 from ${affiliateCodeSyncs} s where s.code_id = ${affiliateCodes.id} and s.retry_at <= now())`;

type Due = DueCode & { version: string };

/** Up to `limit` of the workspace's due codes, oldest change first, none another worker holds. */
async function dueCodes(db: Db, workspaceId: string, limit: number): Promise<Due[]> {
  const rows = await db
    .select({ code: affiliateCodes, version: versionOf, campaign: campaigns, group: groups })
    .from(affiliateCodes)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCodes.affiliateId))
    // an affiliate in no campaign is in the default one (docs/affiliates.md#campaign-and-links)
    .leftJoin(campaigns, eq(campaigns.id, sql`coalesce(${affiliates.campaignId}, ${defaultCampaignId(workspaceId)})`))
    // a partner group's discount replaces the campaign's (docs/groups-bounties-recruiters.md#discount)
    .leftJoin(groups, and(eq(groups.id, affiliates.groupId), eq(groups.workspaceId, affiliates.workspaceId)))
    .where(
      and(
        eq(affiliateCodes.workspaceId, workspaceId),
        sql`(${affiliateCodes.syncState} = 'pending' or (${affiliateCodes.syncState} = 'failed' and ${dueAgain}))`,
        sql`not ${leased}`,
      ),
    )
    .orderBy(asc(affiliateCodes.updatedAt))
    .limit(limit);
  return rows.map(({ code, version, campaign, group }) => ({
    id: code.id,
    workspaceId: code.workspaceId,
    affiliateId: code.affiliateId,
    code: code.code,
    status: code.status,
    source: code.source,
    campaignName: campaign?.name ?? 'Affiliate discount',
    discount: campaign ? discountOf(group?.discountType ? { ...group, id: campaign.id } : campaign) : null,
    version,
  }));
}

/** Takes the code for this worker; false when another holds it. */
async function claim(db: Db, code: Due): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${LEASE_SECONDS}::int)`;
  const rows = await db
    .insert(affiliateCodeSyncs)
    .values({ codeId: code.id, workspaceId: code.workspaceId, leaseUntil: until })
    .onConflictDoUpdate({
      target: affiliateCodeSyncs.codeId,
      set: { leaseUntil: until },
      setWhere: sql`${affiliateCodeSyncs.leaseUntil} is null or ${affiliateCodeSyncs.leaseUntil} <= now()`,
    })
    .returning({ codeId: affiliateCodeSyncs.codeId });
  return rows.length > 0;
}

const sameText = (l: CodeLink, c: DueCode) => l.code.toLowerCase() === c.code.toLowerCase();

async function close(db: Db, p: CodePusher, l: CodeLink) {
  await p.setActive(l, false);
  await db.update(affiliateCodeLinks).set({ active: false, deactivatedBy: 'refcount', deactivatedAt: new Date() }).where(eq(affiliateCodeLinks.id, l.id));
}

async function reopen(db: Db, p: CodePusher, l: CodeLink) {
  await p.setActive(l, true);
  await db.update(affiliateCodeLinks).set({ active: true, deactivatedBy: null, deactivatedAt: null }).where(eq(affiliateCodeLinks.id, l.id));
}

/**
 * Brings one provider in step with one code:
 * - inactive code, or a campaign that gives no discount now: its active objects are deactivated;
 * - a linked code: the merchant's object, reactivated if Refcount had deactivated it, never re-priced;
 * - an object the merchant deactivated for this text: left so (docs: "don't fight the merchant");
 * - otherwise the object with this text and discount is kept (reactivated if Refcount had
 *   deactivated it), every other active one deactivated first (Stripe refuses two active
 *   promotion codes with one text), and one made when none is left (Paddle: re-priced in place).
 */
async function follow(db: Db, p: CodePusher, code: DueCode, links: CodeLink[]) {
  const active = links.filter((l) => l.active);
  if (code.status !== 'active' || (code.source !== 'linked' && !code.discount)) {
    for (const l of active) await close(db, p, l);
    return;
  }
  if (code.source === 'linked') {
    for (const l of links) if (!l.active && l.deactivatedBy === 'refcount') await reopen(db, p, l);
    return;
  }
  const discount = code.discount!;
  if (links.some((l) => l.deactivatedBy === 'merchant' && sameText(l, code))) return;
  const signature = `${discount.campaignId}:${signatureOf(discount)}`;
  const keep =
    links.find((l) => sameText(l, code) && l.discount === signature) ?? (p.repricesInPlace ? links.find((l) => sameText(l, code)) : undefined);
  for (const l of active) if (l !== keep) await close(db, p, l);
  if (keep) {
    if (keep.discount !== signature) {
      await p.reprice(keep, discount);
      await db.update(affiliateCodeLinks).set({ discount: signature }).where(eq(affiliateCodeLinks.id, keep.id));
    }
    if (!keep.active) await reopen(db, p, keep);
    return;
  }
  const made = await p.create(code, discount);
  await db
    .insert(affiliateCodeLinks)
    .values({ workspaceId: code.workspaceId, codeId: code.id, provider: p.provider, objectId: made.objectId, couponId: made.couponId, code: code.code, discount: signature })
    .onConflictDoUpdate({
      target: [affiliateCodeLinks.workspaceId, affiliateCodeLinks.provider, affiliateCodeLinks.objectId],
      set: { code: code.code, discount: signature, active: true, deactivatedBy: null, deactivatedAt: null },
    });
}

/** What the manager reads on the code: ours, short, never a provider's message (it can quote the key). */
function failureText(p: { label: string }, err: unknown): string {
  if (err instanceof ProviderApiError || err instanceof CodeRefused) return `${p.label}: ${err.message}`.slice(0, 300);
  return `${p.label}: unexpected error (logged)`;
}

type Pushers = Partial<Record<keyof typeof PUSHERS, CodePusher | 'no_key'>>;

/** The workspace's providers Refcount can write to (a key set and readable), and those connected without one. */
async function pushersOf(db: Db, workspaceId: string): Promise<Pushers> {
  const out: Pushers = {};
  for (const provider of PROVIDERS) {
    const integration = await findIntegration({ ctx: { db, workspaceId }, provider });
    if (!integration) continue;
    let key: string | null = null;
    try {
      key = apiKeyOf(integration);
    } catch (err) {
      if (!(err instanceof SecretUnavailable)) throw err;
    }
    out[provider] = key ? PUSHERS[provider](key) : 'no_key';
  }
  return out;
}

/** One code in every provider; answers the failures, one line each. */
async function pushCode(db: Db, code: Due, pushers: Pushers): Promise<string[]> {
  const links = await db.select().from(affiliateCodeLinks).where(and(eq(affiliateCodeLinks.workspaceId, code.workspaceId), eq(affiliateCodeLinks.codeId, code.id)));
  const failures: string[] = [];
  for (const provider of PROVIDERS) {
    const mine = links.filter((l) => l.provider === provider);
    const p = pushers[provider];
    if (!p || p === 'no_key') {
      // Without a key nothing can be made, and that is no failure; but an object that must stop
      // giving its discount and cannot be reached is one the manager must hear about.
      const stranded = mine.filter((l) => l.active && (code.status !== 'active' || (code.source !== 'linked' && !code.discount)));
      if (stranded.length) failures.push(`${provider === 'stripe' ? 'Stripe' : 'Paddle'}: no API key to deactivate ${stranded.map((l) => l.objectId).join(', ')}; set the key, or deactivate it there by hand`);
      continue;
    }
    try {
      await follow(db, p, code, mine);
    } catch (err) {
      if (!(err instanceof ProviderApiError) && !(err instanceof CodeRefused)) logError('codes.sync_failed', { workspace: code.workspaceId, code: code.id, provider }, err);
      failures.push(failureText(p, err));
    }
  }
  return failures;
}

/** Records the verdict unless the code changed meanwhile (then it stays pending for the next run). */
async function settle(db: Db, code: Due, failures: string[]) {
  const unchanged = and(eq(affiliateCodes.id, code.id), sql`${versionOf} = ${code.version}`);
  if (!failures.length) {
    await db.transaction(async (tx) => {
      await tx.update(affiliateCodes).set({ syncState: 'synced', syncError: null }).where(unchanged);
      await tx.delete(affiliateCodeSyncs).where(eq(affiliateCodeSyncs.codeId, code.id));
    });
    return;
  }
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(affiliateCodes)
      .set({ syncState: 'failed', syncError: failures.join('; ').slice(0, 500) })
      .where(unchanged)
      .returning({ id: affiliateCodes.id });
    // after the n-th failure in a row: 1, 2, 4 … minutes, at most an hour (failures is still n - 1 here)
    const failuresNow = sql`${affiliateCodeSyncs.failures} + 1`;
    await tx
      .update(affiliateCodeSyncs)
      .set(
        failed
          ? { failures: failuresNow, retryAt: sql`now() + make_interval(secs => least(60 * power(2, ${affiliateCodeSyncs.failures}), 3600)::int)`, leaseUntil: null }
          : { leaseUntil: null, retryAt: null },
      )
      .where(eq(affiliateCodeSyncs.codeId, code.id));
  });
}

/** One batch of a workspace's due codes (the sweep's unit): answers how many it took. */
export async function syncWorkspaceCodes(db: Db, workspaceId: string, limit = CODE_SYNC_LIMITS.batchSize): Promise<number> {
  const due = await dueCodes(db, workspaceId, limit);
  if (!due.length) return 0;
  const pushers = await pushersOf(db, workspaceId);
  let taken = 0;
  for (const code of due) {
    if (!(await claim(db, code))) continue;
    taken++;
    await settle(db, code, await pushCode(db, code, pushers));
  }
  return taken;
}

/** The job's run: each workspace with pending codes or failed ones due again, in turns. */
export async function runCodeSync(db: Db, limits = CODE_SYNC_LIMITS): Promise<{ codes: number; more: boolean }> {
  const after = sweepCursor(CODE_SYNC_QUEUE);
  const [pending, retrying] = await Promise.all([
    workspacesWith(db, 'affiliate_codes', sql`sync_state = 'pending'`, { after }),
    workspacesWith(db, 'affiliate_code_syncs', sql`retry_at is not null and retry_at <= now()`, { after }),
  ]);
  const workspaces = { ids: [...new Set([...pending.ids, ...retrying.ids])], complete: pending.complete && retrying.complete };
  let codes = 0;
  const { more } = await sweepWorkspaces({
    db,
    queue: CODE_SYNC_QUEUE,
    workspaces,
    limits,
    batch: async (workspaceId) => {
      const n = await syncWorkspaceCodes(db, workspaceId, limits.batchSize);
      codes += n;
      return n;
    },
  });
  if (codes) logInfo('codes.synced', { codes });
  return { codes, more };
}
