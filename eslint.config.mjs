import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'next-env.d.ts', '.stryker-tmp*/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // The dispatcher walks tRPC's caller by path, which is untyped by nature.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
