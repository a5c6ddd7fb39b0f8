import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversions } from '@/db/schema';
import { rowsOf } from '../../lib/rows';

// A click spike: this hour's clicks at least SPIKE_MIN_CLICKS and SPIKE_FACTOR times the
// affiliate's hourly average over the last 7 days (the model then judges it properly).
const SPIKE_MIN_CLICKS = 50;
const SPIKE_FACTOR = 10;

export type Trigger = { workspaceId: string; affiliateId: string; reason: 'reversal' | 'click_spike' };

/** Affiliates to re-assess now: a refund or chargeback in the last `minutes`, or a click spike. */
export async function riskTriggers(db: Db, minutes = 15): Promise<Trigger[]> {
  const since = new Date(Date.now() - minutes * 60_000);
  const reversed = await db
    .selectDistinct({ workspaceId: conversions.workspaceId, affiliateId: conversions.affiliateId })
    .from(conversions)
    .where(and(inArray(conversions.status, ['refunded', 'chargeback']), gt(conversions.updatedAt, since), eq(conversions.isTest, false)));
  const spiking = await rowsOf<{ workspaceId: string; affiliateId: string }>(db, sql`
    select workspace_id as "workspaceId", affiliate_id as "affiliateId" from clicks
    where created_at > now() - interval '7 days' group by 1, 2
    having count(*) filter (where created_at > now() - interval '1 hour') >= ${SPIKE_MIN_CLICKS}
       and count(*) filter (where created_at > now() - interval '1 hour') > ${SPIKE_FACTOR} * count(*) / 168.0`);
  const out = new Map<string, Trigger>();
  for (const t of reversed) out.set(t.affiliateId, { ...t, reason: 'reversal' });
  for (const t of spiking) if (!out.has(t.affiliateId)) out.set(t.affiliateId, { ...t, reason: 'click_spike' });
  return [...out.values()];
}

/** Triggers grouped by workspace, in groups of at most `size` affiliates (one re-assessment each). */
export function triggeredGroups(triggers: Trigger[], size: number): { workspaceId: string; affiliateIds: string[] }[] {
  const byWorkspace = new Map<string, string[]>();
  for (const t of triggers) {
    const ids = byWorkspace.get(t.workspaceId);
    if (ids) ids.push(t.affiliateId);
    else byWorkspace.set(t.workspaceId, [t.affiliateId]);
  }
  return [...byWorkspace].flatMap(([workspaceId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ({ workspaceId, affiliateIds: ids.slice(i * size, (i + 1) * size) })),
  );
}
