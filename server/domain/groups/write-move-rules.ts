import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { groupMoveApplications, groupMoveRules } from '@/db/schema';
import { presentMoveRule, type MoveRuleRow } from '../../contracts/move-rule';
import { invalid, invalidState, notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { MoveCondition } from '../../model/move-rules';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { loadRecord } from '../records';
import { referencedGroup } from '../references';

// Move rules' reads and writes (docs/groups-bounties-recruiters.md#move-rules); the job that applies
// them is move-job.ts.

/** A workspace keeps at most this many rules: each evaluation reads them all. */
export const MAX_MOVE_RULES = 100;

export type MoveRuleInput = { groupId: string; targetGroupId: string; conditions: MoveCondition[]; position?: number; active?: boolean };
export type MoveRulePatch = Partial<MoveRuleInput>;

const missing = () => notFound('move rule');

export const getMoveRule = (ctx: WorkspaceCtx, id: string) => loadRecord(ctx, groupMoveRules, id, missing);

export function listMoveRules({ ctx, groupId, page }: { ctx: WorkspaceCtx; groupId?: string; page: Page }): Promise<MoveRuleRow[]> {
  return ctx.db
    .select()
    .from(groupMoveRules)
    .where(and(eq(groupMoveRules.workspaceId, ctx.workspaceId), groupId ? eq(groupMoveRules.groupId, groupId) : undefined))
    .orderBy(asc(groupMoveRules.groupId), asc(groupMoveRules.position), asc(groupMoveRules.createdAt), desc(groupMoveRules.id))
    .limit(page.limit)
    .offset(page.offset);
}

// Both groups the workspace's (another's: unknown_resource), and not the same one.
async function checkGroups(ctx: WorkspaceCtx, groupId: string, targetGroupId: string) {
  await referencedGroup(ctx, groupId);
  await referencedGroup(ctx, targetGroupId);
  if (groupId === targetGroupId) throw invalid('target_group_id', 'must differ from group_id');
}

export async function createMoveRule({ ctx, input }: { ctx: ActingCtx; input: MoveRuleInput }): Promise<MoveRuleRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await checkGroups(txCtx, input.groupId, input.targetGroupId);
    const [{ n }] = await tx.select({ n: count() }).from(groupMoveRules).where(eq(groupMoveRules.workspaceId, ctx.workspaceId));
    if (n >= MAX_MOVE_RULES) throw invalidState(`a workspace has at most ${MAX_MOVE_RULES} move rules`);
    const [row] = await tx.insert(groupMoveRules).values({ ...input, workspaceId: ctx.workspaceId }).returning();
    await addAuditEntry(tx, ctx, 'move_rule.created', { type: 'move_rule', id: row.id }, { after: presentMoveRule(row) });
    return row;
  });
}

export async function updateMoveRule({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: MoveRulePatch }): Promise<MoveRuleRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const current = await loadRecord(txCtx, groupMoveRules, id, missing, { lock: true });
    const groupId = patch.groupId ?? current.groupId;
    const targetGroupId = patch.targetGroupId ?? current.targetGroupId;
    if (patch.groupId !== undefined || patch.targetGroupId !== undefined) await checkGroups(txCtx, groupId, targetGroupId);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return current;
    const [row] = await tx.update(groupMoveRules).set(set).where(and(eq(groupMoveRules.workspaceId, ctx.workspaceId), eq(groupMoveRules.id, id))).returning();
    await addAuditEntryIfChanged(tx, ctx, 'move_rule.updated', { type: 'move_rule', id }, presentMoveRule(current), presentMoveRule(row));
    return row;
  });
}

/** Deleting a rule forgets which affiliates it moved (they stay where they are). */
export async function deleteMoveRule({ ctx, id }: { ctx: ActingCtx; id: string }): Promise<MoveRuleRow> {
  return ctx.db.transaction(async (tx) => {
    const current = await loadRecord({ ...ctx, db: tx }, groupMoveRules, id, missing, { lock: true });
    await tx.delete(groupMoveApplications).where(and(eq(groupMoveApplications.workspaceId, ctx.workspaceId), eq(groupMoveApplications.ruleId, id)));
    await tx.delete(groupMoveRules).where(and(eq(groupMoveRules.workspaceId, ctx.workspaceId), eq(groupMoveRules.id, id)));
    await addAuditEntry(tx, ctx, 'move_rule.deleted', { type: 'move_rule', id }, { before: presentMoveRule(current) });
    return current;
  });
}

/**
 * A deleted group's move rules, out of it or into it, with what they moved: in the caller's
 * transaction (deleteGroup). Answers the ids of the rules deleted.
 */
export async function deleteMoveRulesOfGroup(tx: Tx, workspaceId: string, groupId: string): Promise<string[]> {
  const rules = await tx
    .delete(groupMoveRules)
    .where(and(eq(groupMoveRules.workspaceId, workspaceId), or(eq(groupMoveRules.groupId, groupId), eq(groupMoveRules.targetGroupId, groupId))))
    .returning({ id: groupMoveRules.id });
  const ids = rules.map((r) => r.id);
  if (ids.length) await tx.delete(groupMoveApplications).where(and(eq(groupMoveApplications.workspaceId, workspaceId), inArray(groupMoveApplications.ruleId, ids)));
  return ids;
}
