import { router } from '../../trpc/init';
import { createLinkProcedure } from './create-link';
import { listLinksProcedure } from './list-links';

export const linksRouter = router({
  create: createLinkProcedure,
  list: listLinksProcedure,
});
