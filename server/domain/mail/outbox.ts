import type { DbOrTx } from '@/db/client';
import { emailOutbox } from '@/db/schema';

export type OutgoingEmail = { workspaceId: string; kind: string; to: string; subject: string; body: string };

/** Queues an e-mail in the caller's transaction: it is sent only if the change that caused it commits. */
export async function queueEmail(tx: DbOrTx, email: OutgoingEmail) {
  const [row] = await tx.insert(emailOutbox).values(email).returning();
  return row;
}
