import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { groups } from '@/db/schema';

export type Group = typeof groups.$inferSelect;

/** The default group every workspace is made with (docs/groups-bounties-recruiters.md#groups). */
export const DEFAULT_GROUP = { name: 'Default', slug: 'default', isDefault: true } as const;

const d = alias(groups, 'default_group');
/**
 * The id of the workspace's default group, where new affiliates start, as a scalar subquery: an
 * affiliate's insert names it so every affiliate is in a group without a read of its own.
 */
export const defaultGroupId = (workspaceId: SQL | string) =>
  sql`(select ${d.id} from ${groups} ${sql.identifier('default_group')} where ${d.workspaceId} = ${workspaceId} and ${d.isDefault})`;
