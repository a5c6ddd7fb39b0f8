import { desc } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { linksOf } from './deliver-outbox';

// The development mail viewer (/dev/mail, docs/emails.md#development): without SMTP nothing
// leaves the machine, so a newcomer told "check your inbox" finds the message and its link here.

/** Only in development without SMTP: in production the outbox holds sign-in links of real people. */
export const devMailEnabled = (config: { devMail: boolean }) => config.devMail;

export async function recentMail(db: DbOrTx, limit = 100) {
  const rows = await db
    .select({ id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject, body: emailOutbox.body, status: emailOutbox.status, createdAt: emailOutbox.createdAt, headers: emailOutbox.headers })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, links: linksOf(r.body) }));
}
