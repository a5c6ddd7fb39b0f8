import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

// Column builders shared by every table; ids are UUID v7 so primary keys sort by creation time.
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const workspaceRef = () => uuid('workspace_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow().$onUpdate(() => new Date());
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// Money in integer minor units; bigint as JS number (safe up to 2^53 cents, far beyond any sale).
export const money = (name: string) => bigint(name, { mode: 'number' });
