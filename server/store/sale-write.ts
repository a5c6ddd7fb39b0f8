import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { groupCommitPerHandle } from '../lib/group-commit';
import { jsonParam, jsonRow } from '../lib/json-rows';
import { preparedSql } from '../lib/prepared-query';
import { appendCtes, appendedDoc, type AppendedRows } from './appended-rows';
import type { Prediction } from './predictions';
import { presumedKeyStands } from './presumed-key';

/**
 * Everything a new conversion writes, each row complete (server/lib/json-rows.ts), and for a sale
 * recorded on a predicted first read (predictions.ts) what it predicted.
 */
export type NewConversionRows = AppendedRows & {
  conversion: typeof conversions.$inferSelect;
  commissions: (typeof commissions.$inferSelect)[];
  prediction?: Prediction;
};

// The code checked is the one that named the affiliate credited: an affiliate code by its id and
// text; a ref code by its text, and if typed as a manual code, that no affiliate code has taken it.
const predictionDoc = ({ keyHash, codes, settings }: Prediction, method: string | null) => ({
  key_hash: keyHash,
  code: method === 'code' || method === 'manual_code' ? codes.manualCode : codes.ref,
  ...(method === 'code' && { code_id: codes.codeId }),
  ...(method === 'manual_code' && { typed: true }),
  settings_version: settings.version,
});
// a prediction whose check reads affiliate codes (the statement that can is used only then)
const readsCodes = (rows: NewConversionRows) => !!rows.prediction && (rows.conversion.matchMethod === 'code' || rows.conversion.matchMethod === 'manual_code');

// Conversions go in (workspace, external id) order, the unique index's: two batches in flight that
// both hold a racing retry then wait on each other in one direction only, never in a cycle.
const lockOrder = ({ conversion: c }: NewConversionRows) => `${c.workspaceId} ${c.externalId}`;
const byLockOrder = (a: NewConversionRows, b: NewConversionRows) => (lockOrder(a) < lockOrder(b) ? -1 : lockOrder(a) > lockOrder(b) ? 1 : 0);

/**
 * Stores new conversions with their commissions, webhook events and rollup deltas in ONE statement:
 * atomic without BEGIN/COMMIT round trips, and prepared once (the rows travel as one jsonb
 * parameter). A conversion whose external id is already stored (a retry, or a racing call, also
 * within the batch) writes nothing at all and answers false: every other insert reads the
 * conversions that were written. So does one whose prediction no longer holds.
 */
export async function writeNewConversions(db: DbOrTx, batch: NewConversionRows[]): Promise<boolean[]> {
  const doc = jsonParam(
    [...batch].sort(byLockOrder).map((rows) => ({
      conversion: jsonRow(conversions, rows.conversion),
      commissions: rows.commissions.map((r) => jsonRow(commissions, r)),
      ...appendedDoc(rows),
      ...(rows.prediction && { prediction: predictionDoc(rows.prediction, rows.conversion.matchMethod) }),
    })),
  );
  const written = await (batch.some(readsCodes) ? writeStatements.codes : writeStatements.plain)(db)({ doc });
  const stored = new Set(written.map((w) => w.id));
  return batch.map((rows) => stored.has(rows.conversion.id));
}

// What a predicted sale relied on, checked in the write's own snapshot: the key stands, the code
// still names the active affiliate credited, in the campaign credited (an affiliate code: still
// active, of that affiliate; a manual code taken as a ref code: still no affiliate code), and the workspace's
// settings (rules_version included, so the rules too) are those it was computed with: the row's
// version (xmin) is still the one read, as a concurrency token (Npgsql's for Entity Framework). Scalar
// subqueries, each one probe of a unique index: as EXISTS, PostgreSQL hashed whole tables (every
// affiliate of every workspace) for each statement; the affiliate's other columns are compared as
// one row, which no index serves, so even without statistics the probe is by its primary key.
//
// Affiliate codes are checked only by the statement of a batch that holds a sale predicted by a
// manual code: a generic plan locks every table and index it names on each execution, and those
// two more would take every other sale's write past the 16 locks of PostgreSQL's fast path.
// The plain statement writes no such sale (its check fails, and the sale is read).
const predictionHolds = (codes: boolean) => sql`(doc.d->'prediction' is null or (
      ${presumedKeyStands(sql`(doc.d->'prediction'->>'key_hash')`, sql`r.workspace_id`, sql`array(select distinct doc.d->'prediction'->>'key_hash' from doc)`)}
      and ${codes ? codeStands : sql`doc.d->'prediction'->>'code_id' is null and doc.d->'prediction'->'typed' is null`}
      and (doc.d->'prediction'->>'code_id' is not null or coalesce((
        select true from affiliates a where a.id = r.affiliate_id
          and (a.workspace_id, a.ref_code, a.status, a.campaign_id) is not distinct from (r.workspace_id, doc.d->'prediction'->>'code', 'active', r.campaign_id)
      ), false))
      and coalesce((
        select s.xmin::text = doc.d->'prediction'->>'settings_version' from workspace_settings s where s.workspace_id = r.workspace_id
      ), false)
    ))`;
// An affiliate code still active, of the affiliate credited, in the campaign credited; or, for a ref
// code typed as a manual code, still no active code of an active affiliate with its text. Both one
// probe of the codes' unique index (workspace, code_key), then the affiliate by its primary key.
const codeStands = sql`case
      when doc.d->'prediction'->>'code_id' is not null then coalesce((
        select true from affiliate_codes c join affiliates a on a.id = c.affiliate_id
        where (c.workspace_id, c.code_key) = (r.workspace_id, doc.d->'prediction'->>'code')
          and (c.id, c.affiliate_id, c.status) = ((doc.d->'prediction'->>'code_id')::uuid, r.affiliate_id, 'active')
          and (a.workspace_id, a.status, a.campaign_id) is not distinct from (r.workspace_id, 'active', r.campaign_id)
      ), false)
      when doc.d->'prediction'->'typed' is not null then coalesce((
        select false from affiliate_codes c join affiliates a on a.id = c.affiliate_id and a.status = 'active'
        where (c.workspace_id, c.code_key) = (r.workspace_id, doc.d->'prediction'->>'code') and c.status = 'active'
      ), true)
      else true end`;

const writeStatement = (codes: boolean) => preparedSql<{ id: string }>(codes ? 'write_conversions_codes' : 'write_conversions', sql`
    with doc as (select e.d, e.n from jsonb_array_elements(${sql.placeholder('doc')}::jsonb) with ordinality e(d, n)),
    conv as (
      insert into conversions
      select r.* from doc, jsonb_populate_record(null::conversions, doc.d->'conversion') r
      where ${predictionHolds(codes)}
      order by doc.n
      on conflict do nothing
      returning id
    ),
    kept as (select doc.d from doc join conv on conv.id = (doc.d->'conversion'->>'id')::uuid),
    earned as (
      insert into commissions select r.* from kept, jsonb_populate_recordset(null::commissions, kept.d->'commissions') r
    ),${appendCtes}
    select id from conv`);
const writeStatements = { plain: writeStatement(false), codes: writeStatement(true) };

/**
 * How the statements of sales and refunds are grouped (server/lib/group-commit.ts): a sale's first
 * read and write, a refund's read and write. One statement in flight: the requests that arrive
 * meanwhile fill the next, and a statement costs less per request the more it carries
 * (docs/performance-history.md#one-sale-statement-in-flight). Clicks keep two (click-write.ts).
 */
export const SALE_STATEMENTS = { maxBatch: 64, maxInFlight: 1 } as const;

// Sales arriving together on one database handle share a statement and its commit; each is
// answered after the statement that carried it returned.
export const conversionWriter = groupCommitPerHandle((db: DbOrTx) => ({
  write: (batch: NewConversionRows[]) => writeNewConversions(db, batch),
  ...SALE_STATEMENTS,
}));

/** Stores one new conversion (answers false if its external id was already stored), batched with concurrent ones. */
export const writeNewConversion = (db: DbOrTx, rows: NewConversionRows): Promise<boolean> => conversionWriter(db)(rows);
