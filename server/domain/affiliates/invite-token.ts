import { randomBytes } from 'node:crypto';
import { hashToken } from '../../auth/tokens';

const HOUR_MS = 60 * 60 * 1000;

// An invitation waits for someone who may not read the e-mail the same day (or the same week),
// and a manager can re-issue it from the dashboard: two weeks.
export const INVITATION_LIFETIME_MS = 14 * 24 * HOUR_MS;
// A sign-in link is a password reset the affiliate asked for just now: it only has to survive the
// trip through their inbox, and an old one found in a leaked mailbox must not sign anyone in.
export const SIGN_IN_LINK_LIFETIME_MS = HOUR_MS;

export type Invite = { tokenHash: string; expiresAt: Date; acceptUrl: string };

/**
 * A one-time portal link (invitation or sign-in link): only the SHA-256 (hex, as for API keys) is
 * stored on the affiliate, with `expiresAt` in the same write; the token itself travels only in
 * the e-mail's accept link.
 */
export function mintInvite(publicUrl: string, lifetimeMs: number): Invite {
  const token = randomBytes(32).toString('base64url');
  return {
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
    acceptUrl: `${publicUrl}/portal/accept?token=${token}`,
  };
}
