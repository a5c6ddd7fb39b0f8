import { count } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { createUser } from '../users/users';
import { createWorkspace } from '../workspaces/create-workspace';

/** Sign-up is open only on an empty install: after the first owner, teammates are invited. */
export async function signUpOpen(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

export async function signUpFirstOwner(db: DbOrTx, input: { workspaceName: string; email: string; password: string; name?: string }) {
  if (!(await signUpOpen(db))) throw invalidState('this install already has an owner; ask them to invite you');
  const workspace = await createWorkspace(db, { name: input.workspaceName });
  const user = await createUser(db, { email: input.email, password: input.password, name: input.name, workspaceId: workspace.id, role: 'owner' });
  return { workspaceId: workspace.id, userId: user.id, email: user.email };
}
