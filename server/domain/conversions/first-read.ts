import { and, eq, sql } from 'drizzle-orm';
import { conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../../errors/errors';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { readSettings, type Settings } from '../settings/settings';
import { presumedKeyStands } from '../tracking/presumed-key';

// One row whatever else exists: the key's verdict must come back even when there is no settings
// row or no conversion to join.
const one = sql`(select 1) as one`;

const firstRead = preparedQuery('conversion_first_read', (db) =>
  db
    .select({
      keyOk: presumedKeyStands(sql`${sql.placeholder('keyHash')}::text`, sql`${sql.placeholder('workspaceId')}::uuid`),
      settings: workspaceSettings,
      knownId: conversions.id,
    })
    .from(one)
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
  return { settings: ctx.settings ?? row.settings ?? (await readSettings(ctx)), knownId: row.knownId ?? undefined };
}
