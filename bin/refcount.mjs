#!/usr/bin/env node
// `npx refcount …`: runs the TypeScript CLI through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../server/cli/main.ts');
