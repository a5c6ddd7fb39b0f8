import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliateCodes } from '@/db/schema';

// Affiliate codes written straight into the table (as the codes API and the sync job leave them),
// for the suites of attribution by code.

export async function insertAffiliateCode(db: DbOrTx, o: { workspaceId: string; affiliateId: string; code: string; status?: 'active' | 'inactive' }) {
  const [row] = await db
    .insert(affiliateCodes)
    .values({ workspaceId: o.workspaceId, affiliateId: o.affiliateId, code: o.code, codeKey: o.code.toLowerCase(), status: o.status ?? 'active', source: 'manager' })
    .returning();
  return row;
}

export const setAffiliateCodeStatus = (db: DbOrTx, id: string, status: 'active' | 'inactive') =>
  db.update(affiliateCodes).set({ status, deactivatedAt: status === 'inactive' ? new Date() : null, updatedAt: new Date() }).where(eq(affiliateCodes.id, id));
