// Mutation testing of the money and attribution code (`npm run test:mutation`; not part of
// `npm test`: it reruns the covering tests once per mutant). Runs the Vitest suites on PostgreSQL
// when DATABASE_URL is set (a database per test file cloned from a template: far cheaper per rerun
// than migrating a fresh PGlite), on PGlite otherwise.
// The ledger property test reruns for most engine mutants: fewer runs per mutant than in CI.
process.env.PROPERTY_RUNS ??= '100';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    'server/domain/commissions/**/*.ts',
    'server/domain/attribution/**/*.ts',
    'server/domain/payouts/**/*.ts',
    'server/domain/conversions/**/*.ts',
    'server/domain/tracking/**/*.ts',
    'server/model/money.ts',
    // the rules the store states again in SQL, built from the domain's constants
    // (visitor-match.property.test.ts, touches.property.test.ts)
    'server/store/click-write.ts',
    'server/store/touches.ts',
    '!**/*.test.ts',
  ],
  // Only the tests that reached a mutant rerun for it.
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: the ISO 4217 digit table, enum lists) are reached by
  // every test that imports the module, so each reruns the whole covering suite: a quarter of the
  // mutants took 92% of the time. money.test.ts spot-checks the table (0-, 3- and 4-digit codes) and
  // the contract tests the enums; the mutation score measures the logic.
  ignoreStatic: true,
  // Two cores on CI and on the developers' machines; each worker is one Vitest process.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  dryRunTimeoutMinutes: 30,
  timeoutMS: 60_000,
  timeoutFactor: 3,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
