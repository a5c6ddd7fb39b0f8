import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { workspaces } from '@/db/schema';
import { defaultCampaignId } from '../domain/campaigns/campaigns';
import { preparedSql } from '../lib/prepared-query';

export async function workspaceByPublicId(db: DbOrTx, publicId: string): Promise<string | null> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.publicId, publicId));
  return row?.id ?? null;
}

export type ReferralTarget = {
  workspace_id: string;
  ref_code: string;
  active: boolean;
  destination_url: string | null;
  ref_param: string;
};

/**
 * Where a referral code (or an affiliate's old code) lands: its affiliate's campaign (or, like recordClick, the workspace's
 * default campaign, defaultCampaignId). Ref codes are unique per workspace only, so `publicId` pins one when
 * several workspaces of this instance use the same code.
 */
export async function referralTargets(db: DbOrTx, refCode: string, publicId: string | null): Promise<ReferralTarget[]> {
  const params = { refCode: refCode.trim().toLowerCase(), publicId };
  const found = await targets(db)(params);
  // An affiliate's old code (server/domain/affiliates/ref-aliases.ts), read only when no current
  // code matched: it lands where the current code lands, and the click is written with that code.
  return found.length ? found : aliasTargets(db)(params);
}

const [codeParam, publicIdParam] = [sql.placeholder('refCode'), sql.placeholder('publicId')];
const targets = preparedSql<ReferralTarget>('referral_targets', sql`
    select a.workspace_id, a.ref_code, (a.status = 'active' and c.status = 'active') as active, c.destination_url, c.ref_param
    from affiliates a
    join workspaces w on w.id = a.workspace_id
    join campaigns c on c.workspace_id = a.workspace_id and c.id = coalesce(a.campaign_id, ${defaultCampaignId(sql`a.workspace_id`)})
    where a.ref_code = ${codeParam} and (${publicIdParam}::text is null or w.public_id = ${publicIdParam})
    limit 2`);
const aliasTargets = preparedSql<ReferralTarget>('referral_alias_targets', sql`
    select a.workspace_id, a.ref_code, (a.status = 'active' and c.status = 'active') as active, c.destination_url, c.ref_param
    from affiliate_ref_aliases al
    join affiliates a on a.workspace_id = al.workspace_id and a.id = al.affiliate_id
    join workspaces w on w.id = a.workspace_id
    join campaigns c on c.workspace_id = a.workspace_id and c.id = coalesce(a.campaign_id, ${defaultCampaignId(sql`a.workspace_id`)})
    where al.code = ${codeParam} and (${publicIdParam}::text is null or w.public_id = ${publicIdParam})
    limit 2`);
