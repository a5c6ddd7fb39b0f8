// dashboard-only: an affiliate's default link, its campaign's landing pages and its links
import { presentLinkKit } from '../../contracts/link-kit';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { linkKit } from '../../domain/links/link-kit';
import { workspaceProcedure } from '../../trpc/procedures';
import { getLinkKitInput, getLinkKitOutput } from './get-link-kit.types';

export const getLinkKitProcedure = workspaceProcedure('read')
  .input(getLinkKitInput)
  .output(getLinkKitOutput)
  .query(async ({ ctx, input }) => presentLinkKit(await linkKit({ ctx, affiliate: await getAffiliate({ ctx, id: input.id }) })));
