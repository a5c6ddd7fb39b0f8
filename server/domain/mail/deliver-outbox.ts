import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { logInfo } from '../../lib/log';
import { sweepCursor, sweepWorkspaces, type SweepLimits } from '../jobs/sweep';
import { workspacesWith } from '../jobs/workspaces-with';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type MailLog = (event: string, fields: Record<string, unknown>) => void;
export type DeliverOptions = {
  db: Db;
  /** SMTP_URL (config.smtpUrl), e.g. smtp://user:pass@host:587; unset: messages are only logged. */
  smtpUrl?: string;
  log?: MailLog;
  from?: string;
  limits?: SweepLimits;
  /** Development without SMTP: log each message's links, so a sign-in link is never out of reach (docs/emails.md#development). */
  logLinks?: boolean;
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

/** The http(s) links of a message's text, each once (the /dev/mail viewer shows them too). */
export const linksOf = (text: string): string[] => [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];

const mark = (db: DbOrTx, id: string, set: PgUpdateSetSource<typeof emailOutbox>) =>
  db.update(emailOutbox).set(set).where(eq(emailOutbox.id, id));

// Bound as a parameter: written inside the sql`` template, '\\s' is cooked to a plain 's' and a
// token starting with 's' (1 in 64) stayed in the table in clear.
const REDACT_TOKEN = String.raw`token=[^\s&]+`;

export const OUTBOX_QUEUE = 'mail.deliver';
// Ten messages a workspace a turn, five turns, at most 200 a run: a workspace's broadcast
// backlog goes out over the next runs while another's sign-in link goes out in this one.
export const OUTBOX_LIMITS: SweepLimits = { batchSize: 10, rounds: 5, budget: 200 };

// The outbox's skip scan (email_outbox_due_idx) finds the workspaces with mail to send; each
// workspace's due messages are then read oldest due first from the same index.
const WAITING = sql.raw(`status in ('queued', 'failed') and attempts < ${MAX_ATTEMPTS}`);
const DUE_AT = sql`coalesce(${emailOutbox.nextAttemptAt}, ${emailOutbox.createdAt})`;

/**
 * Sends due outbox messages through SMTP, workspaces taking turns in bounded batches
 * (domain/jobs/sweep.ts); called periodically by a job. `more`: messages were left for the next run.
 */
export async function deliverOutbox({ db, smtpUrl, log = logInfo, from = DEFAULT_FROM, limits = OUTBOX_LIMITS, logLinks = false }: DeliverOptions): Promise<DeliveryReport & { more: boolean }> {
  const report: DeliveryReport = { sent: 0, logged: 0, failed: 0 };
  const workspaces = await workspacesWith(db, 'email_outbox', WAITING, { after: sweepCursor(OUTBOX_QUEUE) });
  if (!workspaces.ids.length) return { ...report, more: false };
  let transport: Transporter | null = null;
  const transportFor = (url: string) => (transport ??= createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }));
  try {
    const { more } = await sweepWorkspaces({
      db,
      queue: OUTBOX_QUEUE,
      workspaces,
      limits,
      batch: async (workspaceId) => {
        const rows = await db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.workspaceId, workspaceId), WAITING, lte(DUE_AT, sql`now()`)))
          .orderBy(asc(DUE_AT))
          .limit(limits.batchSize);
        for (const row of rows) await deliverOne(row);
        return rows.length;
      },
    });
    return { ...report, more };
  } finally {
    (transport as Transporter | null)?.close();
  }

  async function deliverOne(row: OutboxRow) {
    if (!(await claim(db, row.id))) return;
    if (!smtpUrl) {
      // The body holds the invitation token: log who and what, never the body.
      await mark(db, row.id, { status: 'logged', error: null, nextAttemptAt: null });
      log('mail.logged', { id: row.id, kind: row.kind, to: row.to, subject: row.subject });
      // Never in production (config.devMail): these links sign in.
      if (logLinks) for (const link of linksOf(row.body)) log('mail.link', { to: row.to, kind: row.kind, link });
      report.logged++;
      return;
    }
    try {
      await transportFor(smtpUrl).sendMail({ from, to: row.to, subject: row.subject, text: row.body, html: row.html ?? undefined, headers: row.headers ?? undefined });
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
}
