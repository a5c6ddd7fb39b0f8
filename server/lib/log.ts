// Structured log lines on stderr. Callers pass ids and messages, never tokens, secrets or bodies.

// Drizzle's "Failed query" errors carry the bound parameters (hashes, secrets, e-mails): the
// query text is useful, the values never belong in a log.
const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [^\n]*/g, '');
// One line of message (a failed query's text can be long) and the stack frames without it again.
const brief = (text: string | undefined) => withoutParams(text)?.replace(/\s+/g, ' ').slice(0, 600);
const frames = (stack: string | undefined) => stack?.split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 12).join('\n');

/** One bounded line saying what broke (a failed query's database error rather than its text), for storing. */
export function errorSummary(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const shown = cause instanceof Error ? cause : err;
  return (withoutParams(shown instanceof Error ? shown.message : String(shown)) ?? '').split('\n')[0].slice(0, 300);
}

export function logError(event: string, fields: Record<string, unknown>, err?: unknown) {
  const cause = (err as { cause?: { message?: string; code?: string } } | undefined)?.cause;
  const e =
    err instanceof Error
      ? { error: brief(err.message), cause: brief(cause?.message), pg_code: cause?.code, stack: frames(err.stack) }
      : err
        ? { error: String(err) }
        : {};
  process.stderr.write(`${JSON.stringify({ level: 'error', ts: new Date().toISOString(), event, ...fields, ...e })}\n`);
}

export function logInfo(event: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ level: 'info', ts: new Date().toISOString(), event, ...fields })}\n`);
}
