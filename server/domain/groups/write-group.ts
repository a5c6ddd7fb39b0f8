import { and, count, eq, ne } from 'drizzle-orm';
import { affiliates, commissionRules, groups } from '@/db/schema';
import { discountColumns, presentGroup, recruiterColumns, type RecruiterTermsInput } from '../../contracts/group';
import type { CustomerDiscountInput } from '../../contracts/campaign';
import { invalid, invalidState, unknownReference } from '../../errors/errors';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { loadRecord } from '../records';
import { getGroup, groupAffiliateCount, type Group } from './groups';
import { codesFollowGroup } from '../../integrations/codes/due';
import { deleteMoveRulesOfGroup } from './write-move-rules';

/** A bound on the groups page and on what a workspace's settings can hold. */
export const MAX_GROUPS_PER_WORKSPACE = 100;

export type GroupInput = {
  name?: string;
  slug?: string;
  autoApprove?: boolean | null;
  discount?: CustomerDiscountInput | null;
  recruiter?: RecruiterTermsInput | null;
};

const columnsOf = (input: GroupInput) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.slug !== undefined && { slug: input.slug.toLowerCase() }),
  ...(input.autoApprove !== undefined && { autoApprove: input.autoApprove }),
  ...(input.discount !== undefined && discountColumns(input.discount)),
  ...(input.recruiter !== undefined && recruiterColumns(input.recruiter)),
});

const slugTaken = (slug: string) => invalidState(`a group with slug ${slug} already exists`);

/** POST /v1/groups (docs/groups-bounties-recruiters.md#groups). */
export async function createGroup({ ctx, input }: { ctx: ActingCtx; input: GroupInput & { name: string; slug: string } }): Promise<Group> {
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(groups).where(eq(groups.workspaceId, ctx.workspaceId));
    if (Number(n) >= MAX_GROUPS_PER_WORKSPACE) throw invalidState(`a workspace holds at most ${MAX_GROUPS_PER_WORKSPACE} groups`);
    // the unique (workspace, slug) index decides between concurrent creates
    const [row] = await tx
      .insert(groups)
      .values({ ...columnsOf(input), name: input.name, slug: input.slug.toLowerCase(), workspaceId: ctx.workspaceId })
      .onConflictDoNothing({ target: [groups.workspaceId, groups.slug] })
      .returning();
    if (!row) throw slugTaken(input.slug);
    await addAuditEntry(tx, ctx, 'group.created', { type: 'group', id: row.id }, { after: presentGroup(row) });
    return row;
  });
}

/**
 * PATCH /v1/groups/{id}: its fields, and `makeDefault` moves the default mark here (the one
 * default group is where new affiliates start; the mark only moves, never goes).
 */
export async function updateGroup({ ctx, id, input, makeDefault }: { ctx: ActingCtx; id: string; input: GroupInput; makeDefault?: boolean }): Promise<Group> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const before = await getGroup({ ctx: inTx, id, lock: true });
    if (makeDefault === false && before.isDefault) throw invalid('is_default', 'make another group the default instead');
    if (input.slug !== undefined && input.slug.toLowerCase() !== before.slug) {
      const [clash] = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.slug, input.slug.toLowerCase()), ne(groups.id, before.id)));
      if (clash) throw slugTaken(input.slug);
    }
    if (makeDefault && !before.isDefault) {
      // unmark first: the partial unique index allows one default per workspace at any moment
      await tx.update(groups).set({ isDefault: false, updatedAt: new Date() }).where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.isDefault, true)));
    }
    const [row] = await tx
      .update(groups)
      .set({ ...columnsOf(input), ...(makeDefault && { isDefault: true }), updatedAt: new Date() })
      .where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.id, before.id)))
      .returning();
    if (input.discount !== undefined && JSON.stringify(presentGroup(before).customer_discount) !== JSON.stringify(presentGroup(row).customer_discount)) {
      await codesFollowGroup(tx, ctx.workspaceId, row.id);
    }
    await addAuditEntryIfChanged(tx, inTx, 'group.updated', { type: 'group', id: row.id }, presentGroup(before), presentGroup(row));
    return row;
  });
}

/**
 * DELETE /v1/groups/{id}: never the default group; a group with affiliates only with `moveTo`,
 * the group they all move to (one statement; the audit row counts them). Its commission rule
 * overrides go with it, and the move rules out of it or into it (docs/groups-bounties-recruiters.md#deleting-a-group).
 */
export async function deleteGroup({ ctx, id, moveTo }: { ctx: ActingCtx; id: string; moveTo?: string }): Promise<Group & { moved: number }> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const group = await getGroup({ ctx: inTx, id, lock: true });
    if (group.isDefault) throw invalidState('the default group cannot be deleted: make another group the default first');
    let moved = 0;
    if (moveTo !== undefined) {
      const target = await loadRecord(inTx, groups, moveTo, () => unknownReference('move_to_group_id'));
      if (target.id === group.id) throw invalid('move_to_group_id', 'names the group being deleted');
      const rows = await tx
        .update(affiliates)
        .set({ groupId: target.id, updatedAt: new Date() })
        .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.groupId, group.id)))
        .returning({ id: affiliates.id });
      moved = rows.length;
    } else if ((await groupAffiliateCount(inTx, group.id)) > 0) {
      throw invalidState('the group has affiliates: name move_to_group_id, the group they move to');
    }
    await tx.delete(commissionRules).where(and(eq(commissionRules.workspaceId, ctx.workspaceId), eq(commissionRules.groupId, group.id)));
    const moveRules = await deleteMoveRulesOfGroup(tx, ctx.workspaceId, group.id);
    await tx.delete(groups).where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.id, group.id)));
    await addAuditEntry(tx, ctx, 'group.deleted', { type: 'group', id: group.id }, { before: presentGroup(group), after: { moved_affiliates: moved, moved_to_group_id: moveTo ?? null, deleted_move_rules: moveRules } });
    return { ...group, moved };
  });
}
