// GET /v1/affiliate/clicks: the affiliate's own clicks, newest first
import { presentAffiliateClick } from '../../contracts/affiliate-view';
import { listOwnClicks } from '../../domain/portal/activity';
import { listPage } from '../../lib/pagination';
import { affiliateProcedure, onReplica } from '../../trpc/procedures';
import { listMyClicksInput, listMyClicksMeta, listMyClicksOutput } from './list-my-clicks.types';

export const listMyClicksProcedure = affiliateProcedure
  .use(onReplica)
  .meta(listMyClicksMeta)
  .input(listMyClicksInput)
  .output(listMyClicksOutput)
  .query(({ ctx, input }) => listPage('clicks', input, (limit, offset) => listOwnClicks({ ctx, page: { limit, offset } }), presentAffiliateClick));
