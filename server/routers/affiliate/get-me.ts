// GET /v1/affiliate/me: the affiliate key's own affiliate record
import { presentAffiliateProfile } from '../../contracts/affiliate-view';
import { getOwnProfile } from '../../domain/portal/profile';
import { affiliateProcedure } from '../../trpc/procedures';
import { getMeInput, getMeMeta, getMeOutput } from './get-me.types';

export const getMeProcedure = affiliateProcedure
  .meta(getMeMeta)
  .input(getMeInput)
  .output(getMeOutput)
  .query(async ({ ctx }) => ({ object: 'affiliate' as const, data: presentAffiliateProfile(await getOwnProfile(ctx)) }));
