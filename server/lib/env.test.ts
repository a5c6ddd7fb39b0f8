import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadDotEnv, readConfig } from './env';

it('reads .env for what the environment does not set, never over it', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'refcount-env-')), '.env');
  writeFileSync(file, '# comment\nPORT=4100\nPUBLIC_URL="https://aff.example.com/"\nRUN_JOBS=false\n');
  const env: Record<string, string | undefined> = { PORT: '5000' };
  loadDotEnv(file, env);
  expect(env).toEqual({ PORT: '5000', PUBLIC_URL: 'https://aff.example.com/', RUN_JOBS: 'false' });
  expect(readConfig(env as NodeJS.ProcessEnv)).toMatchObject({ port: 5000, publicUrl: 'https://aff.example.com', runJobs: false });
  loadDotEnv(join(file, '..', 'missing.env'), env);
  expect(Object.keys(env)).toHaveLength(3);
});

it('checks answers everywhere but production, and there only when CHECK_ANSWERS=true', () => {
  expect(readConfig({ NODE_ENV: 'test' }).checkAnswers).toBe(true);
  expect(readConfig({ NODE_ENV: 'development' }).checkAnswers).toBe(true);
  expect(readConfig({ NODE_ENV: 'production' }).checkAnswers).toBe(false);
  expect(readConfig({ NODE_ENV: 'production', CHECK_ANSWERS: 'true' }).checkAnswers).toBe(true);
});

it('sizes the database pools from DATABASE_POOL_SIZE, 10 by default, refusing what is not a count', () => {
  expect(readConfig({ NODE_ENV: 'test' }).databasePoolSize).toBe(10);
  expect(readConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  for (const bad of ['0', '-2', '2.5', 'four']) expect(() => readConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
});
