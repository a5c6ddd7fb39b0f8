import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../lib/env';

// next-auth needs a secret in production. Without NEXTAUTH_SECRET one is generated once and kept
// beside the embedded database (mode 0600), so `npm start` works on a fresh machine.
export function ensureAuthSecret(config: Config) {
  process.env.NEXTAUTH_URL ??= config.publicUrl;
  if (process.env.NEXTAUTH_SECRET) return;
  const file = join(dirname(config.pgliteDir), 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  process.env.NEXTAUTH_SECRET = readFileSync(file, 'utf8').trim();
}
