import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Signing secrets of payment providers are sealed with AES-256-GCM before they reach the
// database. The key is derived (HKDF-SHA256) from the install's own secret material,
// NEXTAUTH_SECRET: set by the operator, or generated once into .data/auth-secret at start
// (server/runtime/auth-secret.ts). A database dump alone therefore reveals no signing secret;
// changing NEXTAUTH_SECRET makes sealed secrets unreadable, and the dashboard asks for them again.
// The additional data binds a sealed value to its workspace and provider, so a copied row
// does not open elsewhere.

const VERSION = 'v1';
const SALT = 'refcount/integrations';
const INFO = 'provider-signing-secret/v1';

export class SecretUnavailable extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'SecretUnavailable';
  }
}

let cached: { material: string; key: Buffer } | undefined;

function key(): Buffer {
  const material = process.env.NEXTAUTH_SECRET;
  if (!material) throw new SecretUnavailable('NEXTAUTH_SECRET is not set: no key to seal provider secrets with');
  if (cached?.material !== material) cached = { material, key: Buffer.from(hkdfSync('sha256', material, SALT, INFO, 32)) };
  return cached.key;
}

export function sealSecret(plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(sealed: string, aad: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretUnavailable('unknown sealed-secret format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnavailable('the signing secret was sealed with other key material (NEXTAUTH_SECRET changed?): paste it again');
  }
}

export const secretAad = (workspaceId: string, provider: string) => `${workspaceId}:${provider}`;
