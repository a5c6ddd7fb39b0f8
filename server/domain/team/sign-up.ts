import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import { createUser } from '../users/users';
import { createWorkspace } from '../workspaces/create-workspace';

/** Sign-up is open only on an empty install: after the first owner, teammates are invited. */
export async function signUpOpen(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/**
 * The first owner, exactly once: sign-ups take one transaction-scoped advisory lock, so the
 * "no user yet" check and the insert of the owner never interleave (20 sign-ups racing on an
 * empty install made 20 owners). The lock ends with the transaction, also when it fails.
 */
export async function signUpFirstOwner(db: DbOrTx, input: { workspaceName: string; email: string; password: string; name?: string }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('refcount:first-owner-sign-up'))`);
    if (!(await signUpOpen(tx))) throw invalidState('this install already has an owner; ask them to invite you');
    const workspace = await createWorkspace(tx, { name: input.workspaceName });
    const user = await createUser(tx, { email: input.email, password: input.password, name: input.name, workspaceId: workspace.id, role: 'owner' });
    const owner = { db: tx, workspaceId: workspace.id, actor: { kind: 'user', userId: user.id } as const };
    await addAuditEntry(tx, owner, 'workspace.created', { type: 'workspace', id: workspace.id }, { after: { name: workspace.name, owner_email: user.email } });
    return { workspaceId: workspace.id, userId: user.id, email: user.email };
  });
}
