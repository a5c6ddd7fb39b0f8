import { randomBytes } from 'node:crypto';
import { hashToken } from '../../auth/tokens';

/**
 * A one-time portal invitation: only the SHA-256 (hex, as for API keys) is stored on the
 * affiliate; the token itself travels only in the e-mail's accept link.
 */
export function mintInvite(publicUrl: string): { tokenHash: string; acceptUrl: string } {
  const token = randomBytes(32).toString('base64url');
  return { tokenHash: hashToken(token), acceptUrl: `${publicUrl}/portal/accept?token=${token}` };
}
