import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'next-env.d.ts', '.stryker-tmp*/**', 'reports/**', 'dist/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // The dispatcher walks tRPC's caller by path, which is untyped by nature.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Test support stays out of what production loads.
    files: ['server/**/*.ts', 'db/**/*.ts', 'app/**/*.ts', 'app/**/*.tsx'],
    ignores: ['**/*.test.ts', 'server/testing/**', 'server/model/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)testing/', message: 'server/testing is for tests, benchmarks and scripts only' }] }],
    },
  },
  {
    // Money and enums are read by the schema, the contracts, the domain and the browser alike.
    files: ['server/model/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(node:|drizzle-orm|postgres|@electric-sql|zod|\\.\\.)', message: 'server/model is plain TypeScript: no Node, database, zod or other project imports' }] }],
    },
  },
);
