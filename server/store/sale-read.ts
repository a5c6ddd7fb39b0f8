import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { affiliateCodes, affiliates, campaigns, conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../errors/errors';
import { groupCommitPerHandle, type GroupCommit } from '../lib/group-commit';
import { batchRows, batchValues, jsonParam } from '../lib/json-rows';
import { preparedShapes } from '../lib/prepared-query';
import { normalCode, type AffiliateCode, type Candidates, type CodeAffiliate, type Touch } from '../domain/attribution/attribute';
import { defaultCampaignId } from '../domain/campaigns/campaigns';
import { earlierPayments, historyOf, type PaymentHistory } from '../domain/commissions/engine/history';
import type { WorkspaceCtx } from '../domain/context';
import { readSettings, type Settings } from '../domain/settings/settings';
import type { KeptSettings } from './predictions';
import { keyHashesOf, oneRow, presumedKeyStands } from './presumed-key';
import { SALE_STATEMENTS } from './sale-write';
import { touchesOfJson, visitorTouches } from './touches';

// Sales read together share one statement (server/lib/group-commit.ts, as refunds do): one row per
// sale (`sale`: its place in the batch), its inputs as the columns of `req`, which every join below
// reads where a statement of its own would read placeholders. Every join is a probe of a unique or
// leading index per sale, so a generic plan stays one whatever the batch's size.
const sales = batchRows('sales', 'req', 'sale int, key_hash text, workspace_id uuid, external_id text, customer_id text, at timestamptz, manual_code text, ref text, visitor_id text');
const req = {
  sale: sql<number>`req.sale`,
  keyHash: sql`req.key_hash`,
  workspaceId: sql`req.workspace_id`,
  externalId: sql`req.external_id`,
  customerId: sql`req.customer_id`,
  at: sql`req.at`,
  manualCode: sql`req.manual_code`,
  ref: sql`req.ref`,
  visitorId: sql`req.visitor_id`,
};

/**
 * The affiliate of the customer's latest conversion, if still active (attribution's first way), as
 * a lateral join of the sale's first read where both tables go by names starting with `as`
 * (`only`: a condition it adds).
 */
const priorAffiliate = (db: DbOrTx, as: string, only?: SQL) => {
  const [c, a] = [alias(conversions, `${as}_conversion`), alias(affiliates, `${as}_affiliate`)];
  return db
    .select({ affiliateId: c.affiliateId, campaignId: c.campaignId })
    .from(c)
    .innerJoin(a, and(eq(a.id, c.affiliateId), eq(a.status, 'active')))
    .where(and(only, eq(c.workspaceId, req.workspaceId), eq(c.customerId, req.customerId), eq(c.isTest, false)))
    .orderBy(desc(c.ts))
    .limit(1);
};

const byManualCode = alias(affiliates, 'by_manual_code');
const byRef = alias(affiliates, 'by_ref');
// the active affiliate whose referral code is `code` (none when it is null)
const activeWithCode = (a: Record<'workspaceId' | 'refCode' | 'status', AnyPgColumn>, code: SQL) =>
  and(eq(a.workspaceId, req.workspaceId), eq(a.refCode, code), eq(a.status, 'active'));

/**
 * The active affiliate code (docs/codes.md) the sale's manual code is (codes are matched by
 * their lower case, code_key), of an active affiliate, with the code_precedence of the campaign
 * that offers its discount: the affiliate's, else the workspace's default one. As a lateral join of
 * the sale's first read; a sale without a manual code joins a row of nulls (no table in its plan).
 */
const affiliateCode = (db: DbOrTx, given: boolean) => {
  // named apart from the first read's other columns: an alias of a computed column is not qualified
  const as = (value: SQL | AnyPgColumn | null, name: string) => sql<string | null>`${value ?? sql`null`}`.as(`affiliate_code_${name}`);
  const fields = (c: Record<'codeId' | 'code' | 'affiliateId' | 'campaignId' | 'precedence', SQL | AnyPgColumn | null>) => ({
    codeId: as(c.codeId, 'id'), code: as(c.code, 'code'), affiliateId: as(c.affiliateId, 'affiliate_id'),
    campaignId: as(c.campaignId, 'campaign_id'), precedence: as(c.precedence, 'precedence'),
  });
  if (!given) return db.select(fields({ codeId: null, code: null, affiliateId: null, campaignId: null, precedence: null })).from(oneRow).as('affiliate_code');
  const [a, k] = [alias(affiliates, 'code_affiliate'), alias(campaigns, 'code_campaign')];
  return db
    .select(fields({ codeId: affiliateCodes.id, code: affiliateCodes.code, affiliateId: affiliateCodes.affiliateId, campaignId: a.campaignId, precedence: k.codePrecedence }))
    .from(affiliateCodes)
    .innerJoin(a, and(eq(a.id, affiliateCodes.affiliateId), eq(a.workspaceId, affiliateCodes.workspaceId), eq(a.status, 'active')))
    .leftJoin(k, eq(k.id, sql`coalesce(${a.campaignId}, ${defaultCampaignId(req.workspaceId)})`))
    .where(and(eq(affiliateCodes.workspaceId, req.workspaceId), eq(affiliateCodes.codeKey, req.manualCode), eq(affiliateCodes.status, 'active')))
    .limit(1)
    .as('affiliate_code');
};

// What a sale reads beyond its key, settings and external id: a customer's prior affiliate and
// earlier payments, a visitor's touches, what its manual code and ref name. Each combination is a
// statement of its own shape (preparedShapes) without the parts the sale does not name: a generic
// plan locks every table, partition and index it holds on each execution, run or not, and past 16
// locks a backend leaves PostgreSQL's fast path for the shared lock table (one statement holding
// every part took 22 and doubled PostgreSQL's CPU per sale under load); and a join left in for
// nothing still costs its scan (a program's few hundred affiliates hashed for each statement).
const absent = sql`false`;
const firstRead = preparedShapes('conversion_first_read', (given: { customer: boolean; visitor: boolean; code: boolean; ref: boolean }, db) => {
  const prior = priorAffiliate(db, 'prior', given.customer ? undefined : absent).as('prior');
  const payments = earlierPayments(db, { workspaceId: req.workspaceId, customerId: req.customerId, ts: req.at }, 'earlier', given.customer ? undefined : absent).as('payments');
  const visits = visitorTouches(db, given.visitor, { workspaceId: req.workspaceId, at: req.at, a: req.visitorId, b: sql`null`, workspaces: sql`${batchValues('workspaces')}::uuid[]` });
  const code = affiliateCode(db, given.code);
  return db
    .select({
      sale: req.sale,
      keyOk: presumedKeyStands(req.keyHash, req.workspaceId, batchValues('keys')),
      settings: workspaceSettings,
      // the settings row's version: every write to the row changes it (predictions.ts)
      settingsVersion: sql<string | null>`${workspaceSettings}.xmin::text`,
      knownId: conversions.id,
      manualCode: { id: byManualCode.id, campaignId: byManualCode.campaignId },
      ref: { id: byRef.id, campaignId: byRef.campaignId },
      code: { codeId: code.codeId, code: code.code, affiliateId: code.affiliateId, campaignId: code.campaignId, precedence: code.precedence },
      customer: { affiliateId: prior.affiliateId, campaignId: prior.campaignId },
      payments: { n: payments.n, first: payments.first },
      visitorTouches: visits.list,
    })
    .from(sales)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, req.workspaceId))
    .leftJoin(conversions, and(eq(conversions.workspaceId, req.workspaceId), eq(conversions.externalId, req.externalId)))
    .leftJoin(byManualCode, given.code ? activeWithCode(byManualCode, req.manualCode) : absent)
    .leftJoin(byRef, given.ref ? activeWithCode(byRef, req.ref) : absent)
    .leftJoinLateral(prior, sql`true`)
    .leftJoinLateral(payments, sql`true`)
    .leftJoinLateral(visits, sql`true`)
    .leftJoinLateral(code, sql`true`);
});

type CodeRow = { codeId: unknown; code: unknown; affiliateId: unknown; campaignId: unknown; precedence: unknown } | null;
// a campaign gone (no default campaign left) leaves the spec's order
const codeOf = (c: CodeRow): AffiliateCode =>
  c?.codeId
    ? { codeId: String(c.codeId), code: String(c.code), affiliateId: String(c.affiliateId), campaignId: (c.campaignId as string | null) ?? null, precedence: c.precedence === 'code' ? 'code' : 'click' }
    : null;

/** What the first read found, for attribution: the candidates it reads itself (not fingerprint or ip touches). */
export type FirstFound = { code: AffiliateCode; manualCode: CodeAffiliate; ref: CodeAffiliate; customer: Candidates['customer']; visitorTouches: Touch[] };
/**
 * `settings`: the workspace's settings for this sale; `settingsRead`: the row exactly as this
 * statement read it, with its version (null when there was none), for predictions.ts to keep.
 */
type FirstRead = { settings: Settings; settingsRead: KeptSettings | null; knownId: string | undefined; known: FirstFound; history: PaymentHistory };

type Shape = Parameters<typeof firstRead>[0];
type Row = Awaited<ReturnType<ReturnType<ReturnType<typeof firstRead>>['execute']>>[number];
/** One sale's inputs, as a row of `req`. */
type SaleRequest = { key_hash: string | null; workspace_id: string; external_id: string; customer_id: string | null; at: string; manual_code: string | null; ref: string | null; visitor_id: string | null };

// one reader per shape (each shape is its own statement) and database handle
const readers = new Map<string, (db: DbOrTx) => GroupCommit<SaleRequest, Row>>();
function readerOf(shape: Shape) {
  const key = Object.values(shape).map(Number).join(''); // as preparedShapes keys its statements: a new part of the shape cannot be left out
  let reader = readers.get(key);
  if (!reader) {
    reader = groupCommitPerHandle((db: DbOrTx) => ({
      write: async (batch: SaleRequest[]) => {
        const rows = await firstRead(shape)(db).execute({
          sales: jsonParam(batch.map((request, sale) => ({ sale, ...request }))),
          // read once per statement, not per sale: the presumed keys and the touches' longest window
          keys: jsonParam(keyHashesOf(batch.map((r) => r.key_hash))),
          workspaces: jsonParam([...new Set(batch.map((r) => r.workspace_id))]),
        });
        const out: Row[] = new Array(batch.length);
        for (const row of rows) out[row.sale] = row;
        return out;
      },
      ...SALE_STATEMENTS,
    }));
    readers.set(key, reader);
  }
  return reader;
}

/**
 * What recording a conversion must know before anything else, in one statement shared with the
 * sales read beside it: that the presumed key `underKey` (if any) still stands (else
 * `unauthorized`, and the caller has learnt nothing), the workspace's settings, the id of the
 * conversion already recorded under `externalId`, the customer's prior affiliate and payments
 * before `at` (attribution's first way and a recurring sale's period), the visitor's touches
 * (attribution's cookie way), the affiliate code its manual code is and the active affiliates its
 * manual code and ref name as ref codes (attribution's code ways): read here so a sale by customer,
 * by cookie or by code costs no statement of its own.
 */
export async function conversionFirstRead({ ctx, externalId, underKey, customerId, at, manualCode, ref, visitorId }: {
  ctx: WorkspaceCtx;
  externalId: string;
  underKey: string | null;
  customerId?: string | null;
  at: Date;
  manualCode?: string | null;
  ref?: string | null;
  visitorId?: string | null;
}): Promise<FirstRead> {
  const shape = { customer: !!customerId, visitor: !!visitorId, code: !!normalCode(manualCode), ref: !!normalCode(ref) };
  const row = await readerOf(shape)(ctx.db)({
    key_hash: underKey, workspace_id: ctx.workspaceId, external_id: externalId, customer_id: customerId || null, at: at.toISOString(),
    manual_code: normalCode(manualCode), ref: normalCode(ref), visitor_id: visitorId || null,
  });
  if (!row.keyOk) throw unauthorized();
  return {
    settings: await readSettings(ctx, row.settings),
    settingsRead: row.settings && row.settingsVersion ? { row: row.settings, version: row.settingsVersion } : null,
    knownId: row.knownId ?? undefined,
    known: {
      code: codeOf(row.code), manualCode: row.manualCode, ref: row.ref, customer: row.customer, visitorTouches: touchesOfJson(row.visitorTouches),
    },
    // without a customer the payments join counted nothing: period 0, first payment this one
    history: historyOf(row.payments ?? undefined, at),
  };
}
