import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db/client';
import { migrate, migrationsFolder } from '@/db/migrate';

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
    const database = await openPglite();
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

/**
 * In-memory PGlite for one test file, started from the run's migrated template when global setup
 * wrote one: a new PGlite runs initdb (4-7 s of WebAssembly on these machines) and then every
 * migration, where loading the template's data directory takes about 1.5 s.
 */
async function openPglite(): Promise<Database> {
  const template = process.env.REFCOUNT_PGLITE_TEMPLATE;
  if (template) return openDatabase({ loadDataDir: new Blob([await readFile(template)]) });
  const database = await openDatabase();
  await migrate(database);
  return database;
}

/** Vitest global setup on PGlite: a migrated data directory on disk for every file to start from. */
export async function preparePgliteTemplate() {
  const file = join(tmpdir(), `refcount-pglite-template-${process.pid}.tar`);
  const client = await PGlite.create();
  try {
    await migratePglite(drizzle(client), { migrationsFolder });
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  process.env.REFCOUNT_PGLITE_TEMPLATE = file;
  return () => rm(file, { force: true });
}

/** Vitest global setup on PostgreSQL: migrate a template database for this run; returns its teardown. */
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
