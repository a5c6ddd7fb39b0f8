import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, workspaces } from '@/db/schema';
import { ACCESS_STATUSES } from '../affiliates/access';
import { mintInvite, SIGN_IN_LINK_LIFETIME_MS } from '../affiliates/invite-token';
import { signInLinkEmail } from '../mail/sign-in-link-email';
import { queueEmail } from '../mail/outbox';
import { RefcountError } from '../../errors/errors';
import { logError } from '../../lib/log';

// Sign-in links still being written after their request was answered (requestSignInLinks). On
// globalThis: Next's bundle is another module instance, and the process's shutdown awaits both.
const WRITING = Symbol.for('refcount.signInLinksWriting');
const writing: Set<Promise<void>> = ((globalThis as { [WRITING]?: Set<Promise<void>> })[WRITING] ??= new Set());
// Past this many links in the making, a request is told to come back instead of queueing more
// work behind the answer (each is a short transaction: a burst, not a steady state).
export const MAX_SIGN_IN_LINKS_WRITING = 200;

/**
 * The portal's "e-mail me a sign-in link", answered before anything that depends on the e-mail
 * runs: the lookup and the token and outbox writes start on the next turn of the event loop, so a
 * known address and an unknown one are answered after the same work (docs/workspaces-and-keys.md,
 * "People"). A failure there is logged, never answered: the person asks again.
 */
export function requestSignInLinks(db: Db, request: { email: string; publicUrl: string }): void {
  if (writing.size >= MAX_SIGN_IN_LINKS_WRITING) throw new RefcountError('rate_limited', 'too many sign-in links are being sent: try again shortly', { retryAfter: 5 });
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendSignInLinks(db, request))
    .catch((err: unknown) => logError('portal.sign_in_link_failed', {}, err))
    .finally(() => writing.delete(run));
  writing.add(run);
}

/** Resolves once every sign-in link requested so far is written (tests, a stopping process). */
export async function signInLinksWritten(): Promise<void> {
  await Promise.all([...writing]);
}

/**
 * "E-mail me a sign-in link" (forgot password). The portal has no workspace in its address: as at
 * sign-in (sign-in.ts), the e-mail names the account, so every affiliate with that e-mail (case
 * insensitive, any workspace) who may sign in gets its own one-time link, each write scoped to that
 * affiliate's workspace. The link is an invitation token (invite-token.ts: only its hash is
 * stored, in invite_token_hash, replacing any earlier link) that expires after an hour; the
 * password is not touched, so the old one works until the link sets a new one. Nothing is
 * returned: the caller answers the same whether or not the e-mail exists. Tokens and e-mails are
 * written in one transaction.
 */
export async function sendSignInLinks(db: Db, { email, publicUrl }: { email: string; publicUrl: string }): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: affiliates.id, workspaceId: affiliates.workspaceId, email: affiliates.email, workspaceName: workspaces.name })
      .from(affiliates)
      .innerJoin(workspaces, eq(workspaces.id, affiliates.workspaceId))
      .where(and(eq(sql`lower(${affiliates.email})`, address), inArray(affiliates.status, [...ACCESS_STATUSES])));
    for (const row of rows) {
      const invite = mintInvite(publicUrl, SIGN_IN_LINK_LIFETIME_MS);
      await tx
        .update(affiliates)
        .set({ inviteTokenHash: invite.tokenHash, inviteTokenExpiresAt: invite.expiresAt })
        .where(and(eq(affiliates.workspaceId, row.workspaceId), eq(affiliates.id, row.id)));
      const message = signInLinkEmail({ workspaceName: row.workspaceName, acceptUrl: invite.acceptUrl });
      await queueEmail(tx, { workspaceId: row.workspaceId, kind: 'affiliate_sign_in_link', to: row.email!, ...message });
    }
  });
}
