import type { DbOrTx } from '@/db/client';

/** What domain functions need to act for a workspace: its id and a database handle. */
export type WorkspaceCtx = { db: DbOrTx; workspaceId: string };
/** What affiliate-scoped reads need: every query filters on affiliateId. */
export type AffiliateCtx = WorkspaceCtx & { affiliateId: string };
