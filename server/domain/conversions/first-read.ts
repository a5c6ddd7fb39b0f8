import { and, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { affiliates, conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../../errors/errors';
import { preparedQuery } from '../../lib/prepared-query';
import { normalCode, type CodeAffiliates } from '../attribution/attribute';
import type { WorkspaceCtx } from '../context';
import { readSettings, type Settings } from '../settings/settings';
import { oneRow, presumedKeyColumn } from '../tracking/presumed-key';

const byManualCode = alias(affiliates, 'by_manual_code');
const byRef = alias(affiliates, 'by_ref');
// the active affiliate whose referral code is the placeholder `code` (none when it is null)
const activeWithCode = (a: Record<'workspaceId' | 'refCode' | 'status', AnyPgColumn>, code: string) =>
  and(eq(a.workspaceId, sql.placeholder('workspaceId')), eq(a.refCode, sql.placeholder(code)), eq(a.status, 'active'));

const firstRead = preparedQuery('conversion_first_read', (db) =>
  db
    .select({
      keyOk: presumedKeyColumn,
      settings: workspaceSettings,
      knownId: conversions.id,
      manualCode: { id: byManualCode.id, campaignId: byManualCode.campaignId },
      ref: { id: byRef.id, campaignId: byRef.campaignId },
    })
    .from(oneRow)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, sql.placeholder('workspaceId')))
    .leftJoin(conversions, and(eq(conversions.workspaceId, sql.placeholder('workspaceId')), eq(conversions.externalId, sql.placeholder('externalId'))))
    .leftJoin(byManualCode, activeWithCode(byManualCode, 'manualCode'))
    .leftJoin(byRef, activeWithCode(byRef, 'ref')),
);

type FirstRead = { settings: Settings; knownId: string | undefined; codes: CodeAffiliates };

/**
 * What recording a conversion must know before anything else, in one statement: that the presumed
 * key `underKey` (if any) still stands (else `unauthorized`, and the caller has learnt nothing),
 * the workspace's settings, the id of the conversion already recorded under `externalId`, and the
 * active affiliates its manual code and ref name (attribution's last two ways, read here so a sale
 * by code costs no statement of its own).
 */
export async function conversionFirstRead({ ctx, externalId, underKey, manualCode, ref }: {
  ctx: WorkspaceCtx;
  externalId: string;
  underKey: string | null;
  manualCode?: string | null;
  ref?: string | null;
}): Promise<FirstRead> {
  const [row] = await firstRead(ctx.db).execute({
    keyHash: underKey, workspaceId: ctx.workspaceId, externalId, manualCode: normalCode(manualCode), ref: normalCode(ref),
  });
  if (!row.keyOk) throw unauthorized();
  return { settings: await readSettings(ctx, row.settings), knownId: row.knownId ?? undefined, codes: { manualCode: row.manualCode, ref: row.ref } };
}
