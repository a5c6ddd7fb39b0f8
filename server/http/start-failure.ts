import { DatabaseLockedError } from '@/db/lock';

/**
 * Why the server cannot start, as one line on stderr and exit 1 (the embedded database held by
 * another process, the port taken), not a stack trace. Anything else is rethrown as it is.
 */
export function exitOnStartFailure(err: unknown): never {
  const known = err instanceof DatabaseLockedError || (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
  if (!known) throw err;
  process.stderr.write(`refcount: ${(err as Error).message}\n`);
  process.exit(1);
}
