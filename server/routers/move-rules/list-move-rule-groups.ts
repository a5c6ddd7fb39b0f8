// dashboard-only: the workspace's groups (id and name) the move-rules page names and picks from
import { asc, eq } from 'drizzle-orm';
import { groups } from '@/db/schema';
import { workspaceProcedure } from '../../trpc/procedures';
import { listMoveRuleGroupsInput, listMoveRuleGroupsOutput } from './list-move-rule-groups.types';

export const listMoveRuleGroupsProcedure = workspaceProcedure('read')
  .input(listMoveRuleGroupsInput)
  .output(listMoveRuleGroupsOutput)
  .query(async ({ ctx }) => {
    const rows = await ctx.db
      .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
      .from(groups)
      .where(eq(groups.workspaceId, ctx.workspaceId))
      .orderBy(asc(groups.createdAt))
      .limit(500);
    return { data: rows.map((g) => ({ id: g.id, name: g.name, is_default: g.isDefault })) };
  });
