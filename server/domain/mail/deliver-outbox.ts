import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { createTransport } from 'nodemailer';
import type { DbOrTx } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { logInfo } from '../../lib/log';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type MailLog = (event: string, fields: Record<string, unknown>) => void;
export type DeliverOptions = {
  db: DbOrTx;
  /** SMTP_URL (config.smtpUrl), e.g. smtp://user:pass@host:587; unset: messages are only logged. */
  smtpUrl?: string;
  log?: MailLog;
  from?: string;
  batchSize?: number;
};
export type DeliveryReport = { sent: number; logged: number; failed: number };

export const MAX_ATTEMPTS = 5;
const DEFAULT_FROM = 'Refcount <no-reply@localhost>';
// Longer than the transport's own timeouts, so a live worker always finishes before its lease ends.
const LEASE_MINUTES = 5;
// Waits after failed attempts 1..4; the fifth failure is final.
const BACKOFF_MINUTES = [1, 5, 30, 120];

const minutesFromNow = (minutes: number) => sql`now() + make_interval(mins => ${minutes}::int)`;

// Queued or failed, attempts left, and neither leased by a worker nor backing off.
const due = and(
  inArray(emailOutbox.status, ['queued', 'failed']),
  lt(emailOutbox.attempts, MAX_ATTEMPTS),
  or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, sql`now()`)),
);

/**
 * Claims one attempt: the update re-checks `due`, so of two workers that read the same row only
 * one wins, and the lease keeps the message from being picked again while it is being sent. A
 * worker dying mid-send leaves the row due again when the lease ends (at-least-once).
 */
async function claim(db: DbOrTx, id: string): Promise<boolean> {
  const won = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: minutesFromNow(LEASE_MINUTES) })
    .where(and(eq(emailOutbox.id, id), due))
    .returning({ id: emailOutbox.id });
  return won.length === 1;
}

const mark = (db: DbOrTx, id: string, set: PgUpdateSetSource<typeof emailOutbox>) =>
  db.update(emailOutbox).set(set).where(eq(emailOutbox.id, id));

/** Sends due outbox messages through SMTP, oldest first; called periodically by a job. */
// Bound as a parameter: written inside the sql`` template, '\\s' is cooked to a plain 's' and a
// token starting with 's' (1 in 64) stayed in the table in clear.
const REDACT_TOKEN = String.raw`token=[^\s&]+`;

export async function deliverOutbox({ db, smtpUrl, log = logInfo, from = DEFAULT_FROM, batchSize = 50 }: DeliverOptions): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, logged: 0, failed: 0 };
  const rows = await db.select().from(emailOutbox).where(due).orderBy(asc(emailOutbox.createdAt)).limit(batchSize);
  if (!rows.length) return report;
  const transport = smtpUrl
    ? createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  try {
    for (const row of rows) {
      if (!(await claim(db, row.id))) continue;
      if (!transport) {
        // The body holds the invitation token: log who and what, never the body.
        await mark(db, row.id, { status: 'logged', error: null, nextAttemptAt: null });
        log('mail.logged', { id: row.id, kind: row.kind, to: row.to, subject: row.subject });
        report.logged++;
        continue;
      }
      try {
        await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.body });
        // Once delivered, the invitation token has no business staying in the database in clear.
        await mark(db, row.id, { status: 'sent', sentAt: sql`now()`, error: null, nextAttemptAt: null, body: sql`regexp_replace(${emailOutbox.body}, ${REDACT_TOKEN}, 'token=[redacted]', 'g')` });
        report.sent++;
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const attempts = row.attempts + 1;
        const retryIn = BACKOFF_MINUTES[attempts - 1];
        await mark(db, row.id, { status: 'failed', error, nextAttemptAt: retryIn ? minutesFromNow(retryIn) : null });
        log('mail.failed', { id: row.id, kind: row.kind, attempts, error, final: !retryIn });
        report.failed++;
      }
    }
  } finally {
    transport?.close();
  }
  return report;
}
