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

/** One statement on the server's maintenance database (creating and dropping databases). */
async function onServer(url: string, statement: string) {
  const admin = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/** A new database named after the URL's own; `drop` removes it. */
async function newDatabase(url: string, suffix: string, template?: string) {
  const name = `${new URL(url).pathname.slice(1) || 'refcount'}_${suffix}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(url, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  return { url: withDatabase(url, name), drop: () => onServer(url, `drop database if exists "${name}" with (force)`) };
}

/**
 * `openPeer` gives a second app instance its own handle on the same data: on PostgreSQL a
 * separate connection pool (as a second app node would have); on in-memory PGlite, which one
 * process alone can open, the same client (closing the peer leaves it open).
 */
export type TestDatabase = Database & { openPeer: () => Promise<Database>; url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with DATABASE_URL,
 * a new PostgreSQL database cloned from the template that global setup migrated once.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase();
    await migrate(database);
    return { ...database, openPeer: async () => ({ ...database, close: async () => {} }) };
  }
  const created = await newDatabase(url, 't', templateName(new URL(url).pathname.slice(1)));
  const database = await openDatabase({ url: created.url, max: 20 });
  return {
    ...database,
    url: created.url,
    openPeer: () => openDatabase({ url: created.url, max: 5 }),
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** An empty database (nothing migrated) on the server of `serverUrl`, and how to drop it. */
export const createScratchDatabase = (serverUrl: string, label: string) => newDatabase(serverUrl, `${label}_`);

/** Vitest global setup: migrate a template for this run; returns its teardown. */
export async function prepareTemplate(url: string) {
  const name = `${new URL(url).pathname.slice(1)}_tpl${process.pid}`;
  process.env.REFCOUNT_TEST_TEMPLATE = name;
  await onServer(url, `drop database if exists "${name}" with (force)`);
  await onServer(url, `create database "${name}"`);
  const database = await openDatabase({ url: withDatabase(url, name), max: 1 });
  await migrate(database);
  await database.close();
  return () => onServer(url, `drop database if exists "${name}" with (force)`);
}
