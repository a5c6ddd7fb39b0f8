#!/usr/bin/env node
// `npx refcount …`. In production (NODE_ENV=production) the CLI compiled by `npm run build`
// (dist/cli.mjs) runs on plain Node; in development the TypeScript runs through tsx, so a
// checkout needs no build step and never runs a stale dist/.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.mjs', import.meta.url);
if (process.env.NODE_ENV === 'production' && existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/cli/main.ts');
}
