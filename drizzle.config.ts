import { defineConfig } from 'drizzle-kit';

// Generation only diffs the schema against db/migrations; it never opens the live database
// (PGlite has no lock of its own, so a second process on .data/ would corrupt it).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
