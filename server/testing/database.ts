import postgres from 'postgres';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';

// One template per test run (named by global setup), so parallel runs never drop each other's.
const templateName = (base: string) => process.env.REFCOUNT_TEST_TEMPLATE ?? `${base}_template`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with DATABASE_URL,
 * a new PostgreSQL database cloned from the template that global setup migrated once.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase();
    await migrate(database);
    return database;
  }
  const base = new URL(url).pathname.slice(1);
  const name = `${base}_t${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${templateName(base)}"`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), max: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/** Vitest global setup: migrate a template for this run; returns its teardown. */
export async function prepareTemplate(url: string) {
  const name = `${new URL(url).pathname.slice(1)}_tpl${process.pid}`;
  process.env.REFCOUNT_TEST_TEMPLATE = name;
  const admin = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), max: 1 });
  await migrate(database);
  await database.close();
  return async () => {
    const a = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`);
    await a.end();
  };
}
