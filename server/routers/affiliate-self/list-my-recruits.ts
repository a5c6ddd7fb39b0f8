// GET /v1/affiliate/recruits: the affiliate's recruit link and its recruits with what it earned on each
import type { AffiliateCtx } from '../../domain/context';
import { listOwnRecruits, recruitUrl, type OwnRecruit } from '../../domain/recruiters/own-recruits';
import { listPage, type Page } from '../../lib/pagination';
import { isoOrNull } from '../../contracts/common';
import { affiliateProcedure } from '../../trpc/procedures';
import { listMyRecruitsInput, listMyRecruitsMeta, listMyRecruitsOutput } from './list-my-recruits.types';

const present = (r: OwnRecruit) => ({ id: r.id, name: r.name, status: r.status as never, recruited_at: isoOrNull(r.recruitedAt), earned: r.earned });

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyRecruits = async ({ ctx, input }: { ctx: AffiliateCtx & { services: { config: { publicUrl: string } } }; input: Page }) => ({
  ...(await listPage('recruits', input, (limit, offset) => listOwnRecruits({ ctx, page: { limit, offset } }), present)),
  recruit_url: await recruitUrl(ctx, ctx.services.config.publicUrl),
});

export const listMyRecruitsProcedure = affiliateProcedure
  .meta(listMyRecruitsMeta)
  .input(listMyRecruitsInput)
  .output(listMyRecruitsOutput)
  .query(listMyRecruits);
