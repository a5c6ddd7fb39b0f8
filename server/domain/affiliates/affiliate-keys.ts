import { notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { ActingCtx } from '../context';
import { createAffiliateKey, revokeAffiliateKey } from '../keys/affiliate-keys';
import { getAffiliate } from './affiliates';

/** Mints a key for one of the workspace's affiliates; the token is in the result only. */
export async function issueAffiliateKey({ ctx, affiliateId, name }: { ctx: ActingCtx; affiliateId: string; name?: string }) {
  const affiliate = await getAffiliate({ ctx, id: affiliateId });
  return createAffiliateKey({ ctx, affiliateId: affiliate.id, name });
}

/** Revokes a key; a key of another affiliate or workspace, or one already revoked, is not found. */
export async function revokeKeyOfAffiliate({ ctx, affiliateId, keyId }: { ctx: ActingCtx; affiliateId: string; keyId: string }) {
  if (!isUuid(affiliateId)) throw notFound('affiliate');
  return revokeAffiliateKey({ ctx, affiliateId, keyId });
}
