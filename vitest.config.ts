import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Files that run the embedded database whatever DATABASE_URL says (the CLI on a PGlite directory of
// its own, PGlite's statements and directory lock): the PostgreSQL pass would run them again
// unchanged, so they run in the PGlite pass only.
const EMBEDDED_ONLY = ['server/cli/cli.test.ts', 'server/importers/cli.test.ts', 'server/importers/partnerstack/cli.test.ts', 'db/lock.test.ts', 'db/pglite-statements.test.ts'];
// Files whose every test runs on a scratch PostgreSQL database of its own (describeWith('postgres'),
// on DATABASE_URL's server or else TEST_POSTGRES_URL's, the same one in CI): likewise, the PGlite
// pass runs them and the PostgreSQL pass does not run them again (about 110 s of a worker's time).
const SCRATCH_POSTGRES_ONLY = [
  'db/click-commit.test.ts', 'db/migrate-concurrent.test.ts', 'db/prepared.test.ts', 'server/cli/migrate-data.test.ts',
  'server/domain/lists/list-scale.test.ts', 'server/jobs/concurrent-start.test.ts', 'server/routers/payouts/send-killed.test.ts',
  'server/runtime/pool-size.test.ts', 'server/store/store-plans.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    // Unit and HTTP suites beside the code (and the docs' own checks); Playwright specs live in
    // e2e/ and run apart.
    include: ['server/**/*.test.ts', 'db/**/*.test.ts', 'docs/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'clients/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...EMBEDDED_ONLY, ...SCRATCH_POSTGRES_ONLY] : configDefaults.exclude,
    globalSetup: ['server/testing/global-setup.ts'],
    // The default output, then one line per server or program a skipped test needed.
    reporters: ['default', './server/testing/skip-reporter.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on these 2-core machines, one, with
    // the cores idle while tests wait on the database. Two: the PGlite suite 864 -> 539 s.
    maxWorkers: 2,
    // A worker keeps its loaded modules from one file to the next: each file re-importing the app
    // cost about 6 s (24 router files: 191 -> 86 s). Files share nothing else: each opens its own
    // database, and a test that changes process.env puts it back.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
