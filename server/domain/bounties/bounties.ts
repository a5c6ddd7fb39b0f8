import { and, desc, eq, sql } from 'drizzle-orm';
import { bounties } from '@/db/schema';
import { presentBounty, type Bounty } from '../../contracts/bounty';
import { invalid, invalidState, notFound, required } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { BountyMetric, BountyPeriod, BountyType } from '../../model/enums';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { loadRecord } from '../records';
import { readSettings } from '../settings/settings';

// A workspace's bounties (docs/groups-bounties-recruiters.md#bounties). Type, metric, period and
// currency are fixed at creation: a bounty's earnings are keyed by its period, and a change of
// rule mid-period would make "reached" mean two things.

export type NewBounty = {
  name: string;
  description?: string;
  type: BountyType;
  rewardAmount: number;
  currency?: string;
  metric?: BountyMetric;
  target?: number;
  period?: BountyPeriod;
  startsAt?: Date | null;
  endsAt?: Date | null;
};
export type BountyPatch = Partial<Pick<NewBounty, 'name' | 'description' | 'rewardAmount' | 'target' | 'startsAt' | 'endsAt'>>;

const missing = () => notFound('bounty');

function checkWindow(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid('ends_at', 'must be after starts_at');
}

export async function createBounty({ ctx, input }: { ctx: ActingCtx; input: NewBounty }): Promise<Bounty> {
  if (input.type === 'performance') {
    if (!input.metric) throw required('metric');
    if (input.target === undefined) throw required('target');
  } else {
    if (input.metric !== undefined) throw invalid('metric', 'only performance bounties count a metric');
    if (input.target !== undefined) throw invalid('target', 'only performance bounties have a target');
  }
  checkWindow(input.startsAt, input.endsAt);
  const currency = input.currency ?? (await readSettings(ctx)).currency;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bounties)
      .values({
        workspaceId: ctx.workspaceId,
        name: input.name,
        description: input.description ?? '',
        type: input.type,
        rewardAmount: input.rewardAmount,
        currency,
        metric: input.metric ?? null,
        target: input.target ?? null,
        period: input.period ?? 'all_time',
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
      })
      .returning();
    await addAuditEntry(tx, ctx, 'bounty.created', { type: 'bounty', id: row.id }, { after: presentBounty(row) });
    return row;
  });
}

export const getBounty = ({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Bounty> => loadRecord(ctx, bounties, id, missing);

export async function listBounties({ ctx, archived, type, page }: { ctx: WorkspaceCtx; archived?: boolean; type?: BountyType; page: Page }) {
  return ctx.db
    .select()
    .from(bounties)
    .where(
      and(
        eq(bounties.workspaceId, ctx.workspaceId),
        archived === undefined ? undefined : eq(bounties.archived, archived),
        type ? eq(bounties.type, type) : undefined,
      ),
    )
    .orderBy(desc(bounties.createdAt), desc(bounties.id))
    .limit(page.limit)
    .offset(page.offset);
}

async function changeBounty(ctx: ActingCtx, id: string, change: (b: Bounty) => Partial<typeof bounties.$inferInsert>, action: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadRecord({ ...ctx, db: tx }, bounties, id, missing, { lock: true });
    const set = change(before);
    const [row] = await tx
      .update(bounties)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(bounties.workspaceId, ctx.workspaceId), eq(bounties.id, before.id)))
      .returning();
    await addAuditEntryIfChanged(tx, ctx, action, { type: 'bounty', id: row.id }, presentBounty(before), presentBounty(row));
    return row;
  });
}

/** PATCH /v1/bounties/{id}: a new reward or target counts from now on; what was earned stays. */
export async function updateBounty({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: BountyPatch }): Promise<Bounty> {
  return changeBounty(
    ctx,
    id,
    (b) => {
      if (b.archived) throw invalidState(`bounty ${b.id} is archived`);
      if (patch.target !== undefined && b.type !== 'performance') throw invalid('target', 'only performance bounties have a target');
      checkWindow(patch.startsAt === undefined ? b.startsAt : patch.startsAt, patch.endsAt === undefined ? b.endsAt : patch.endsAt);
      return patch;
    },
    'bounty.updated',
  );
}

/** POST /v1/bounties/{id}/archive: no more evaluations or submissions; its commissions stay as they are. */
export const archiveBounty = ({ ctx, id }: { ctx: ActingCtx; id: string }) => changeBounty(ctx, id, () => ({ archived: true }), 'bounty.archived');

/** The live performance bounties of a workspace the evaluation job judges (at most 100). */
export const livePerformanceBounties = (ctx: WorkspaceCtx) =>
  ctx.db
    .select()
    .from(bounties)
    .where(and(eq(bounties.workspaceId, ctx.workspaceId), sql`${bounties.type} = 'performance' and not ${bounties.archived}`))
    .orderBy(bounties.id)
    .limit(100);
