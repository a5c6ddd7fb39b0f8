import { and, eq, sql } from 'drizzle-orm';
import { conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../../errors/errors';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { readSettings, type Settings } from '../settings/settings';
import { oneRow, presumedKeyColumn } from '../tracking/presumed-key';

const firstRead = preparedQuery('conversion_first_read', (db) =>
  db
    .select({
      keyOk: presumedKeyColumn,
      settings: workspaceSettings,
      knownId: conversions.id,
    })
    .from(oneRow)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, sql.placeholder('workspaceId')))
    .leftJoin(conversions, and(eq(conversions.workspaceId, sql.placeholder('workspaceId')), eq(conversions.externalId, sql.placeholder('externalId')))),
);

/**
 * What recording a conversion must know before anything else, in one statement: that the presumed
 * key `underKey` (if any) still stands (else `unauthorized`, and the caller has learnt nothing),
 * the workspace's settings, and the id of the conversion already recorded under `externalId`.
 */
export async function conversionFirstRead({ ctx, externalId, underKey }: { ctx: WorkspaceCtx; externalId: string; underKey: string | null }): Promise<{ settings: Settings; knownId: string | undefined }> {
  const [row] = await firstRead(ctx.db).execute({ keyHash: underKey, workspaceId: ctx.workspaceId, externalId });
  if (!row.keyOk) throw unauthorized();
  return { settings: await readSettings(ctx, row.settings), knownId: row.knownId ?? undefined };
}
