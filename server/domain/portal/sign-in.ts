import { eq, isNotNull, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { hasAccess } from '../affiliates/access';

/**
 * Portal credentials check. One e-mail may be an affiliate of several workspaces; the password
 * picks the account. Rejected and suspended affiliates cannot sign in.
 */
export async function authenticateAffiliateLogin(db: DbOrTx, email: string, password: string) {
  const rows = await db
    .select()
    .from(affiliates)
    .where(and(eq(sql`lower(${affiliates.email})`, email.trim().toLowerCase()), isNotNull(affiliates.passwordHash)));
  if (rows.length === 0) await hashPassword(password); // same cost whether or not the e-mail exists
  for (const row of rows) {
    if (!hasAccess(row.status)) continue;
    if (await verifyPassword(password, row.passwordHash!)) return row;
  }
  return null;
}
