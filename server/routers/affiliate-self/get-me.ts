// GET /v1/affiliate/me: the affiliate key's own affiliate record
import { presentAffiliateProfile } from '../../contracts/affiliate-view';
import type { AffiliateCtx } from '../../domain/context';
import { getOwnProfile } from '../../domain/portal/profile';
import { affiliateProcedure } from '../../trpc/procedures';
import { getMeInput, getMeMeta, getMeOutput } from './get-me.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const getMe = async ({ ctx }: { ctx: AffiliateCtx }) =>
  ({ object: 'affiliate' as const, data: presentAffiliateProfile(await getOwnProfile(ctx)) });

export const getMeProcedure = affiliateProcedure
  .meta(getMeMeta)
  .input(getMeInput)
  .output(getMeOutput)
  .query(getMe);
