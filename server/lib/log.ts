// Structured log lines on stderr. Callers pass ids and messages, never tokens, secrets or bodies.

// Drizzle's "Failed query" errors carry the bound parameters (hashes, secrets, e-mails): the
// query text is useful, the values never belong in a log.
const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [^\n]*/g, '');

export function logError(event: string, fields: Record<string, unknown>, err?: unknown) {
  const cause = (err as { cause?: { message?: string; code?: string } } | undefined)?.cause;
  const e =
    err instanceof Error
      ? { error: withoutParams(err.message), cause: cause?.message, pg_code: cause?.code, stack: withoutParams(err.stack) }
      : err
        ? { error: String(err) }
        : {};
  process.stderr.write(`${JSON.stringify({ level: 'error', ts: new Date().toISOString(), event, ...fields, ...e })}\n`);
}

export function logInfo(event: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ level: 'info', ts: new Date().toISOString(), event, ...fields })}\n`);
}
