import { sql } from 'drizzle-orm';
import { pgSchema, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { openTestDatabase } from '@/server/testing/database';
import { rowsOf as rows } from '@/server/lib/rows';
import { inForeignKeyOrder, schemaTables } from './tables';

// Declared children first, so the order cannot come from declaration.
const line = pgTable('line', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').references(() => order.id),
  // a self-reference does not order the table against itself
  replaces: uuid('replaces').references((): AnyPgColumn => line.id),
});
const order = pgTable('order', { id: uuid('id').primaryKey(), customerId: uuid('customer_id').references(() => customer.id) });
const customer = pgTable('customer', { id: uuid('id').primaryKey() });
const tag = pgTable('tag', { customerId: uuid('customer_id'), name: text('name') }, (t) => [primaryKey({ columns: [t.customerId, t.name] })]);

it('puts every referenced table before the tables that reference it', () => {
  const ordered = inForeignKeyOrder([line, tag, order, customer]);
  expect(ordered.map((t) => t.name)).toEqual(['tag', 'customer', 'order', 'line']);
  expect(ordered.find((t) => t.name === 'line')).toMatchObject({ key: ['id'], dependsOn: ['"order"'], columns: ['id', 'order_id', 'replaces'] });
  expect(ordered[0].key).toEqual(['customer_id', 'name']);
});

it('qualifies tables of another schema and refuses a cycle', () => {
  const audit = pgSchema('audit');
  const a = audit.table('a', { id: uuid('id').primaryKey(), b: uuid('b').references((): AnyPgColumn => b.id) });
  const b = audit.table('b', { id: uuid('id').primaryKey(), a: uuid('a').references(() => a.id) });
  expect(inForeignKeyOrder([b]).map((t) => t.sqlName)).toEqual(['"audit"."b"']);
  expect(() => inForeignKeyOrder([a, b])).toThrow('foreign keys form a cycle between a, b');
});

it('lists exactly the tables the migrations create', async () => {
  const database = await openTestDatabase();
  try {
    // Partitions (clicks_pYYYYMM, clicks_default) belong to their parent table.
    const created = await rows<{ name: string }>(database.db, sql`select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition`);
    expect(schemaTables().map((t) => t.name).sort()).toEqual(created.map((r) => r.name).sort());
  } finally {
    await database.close();
  }
});
