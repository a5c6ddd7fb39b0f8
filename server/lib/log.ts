// Structured log lines on stderr. Callers pass ids and messages, never tokens, secrets or bodies.
export function logError(event: string, fields: Record<string, unknown>, err?: unknown) {
  const e = err instanceof Error ? { error: err.message, stack: err.stack } : err ? { error: String(err) } : {};
  process.stderr.write(`${JSON.stringify({ level: 'error', ts: new Date().toISOString(), event, ...fields, ...e })}\n`);
}

export function logInfo(event: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ level: 'info', ts: new Date().toISOString(), event, ...fields })}\n`);
}
