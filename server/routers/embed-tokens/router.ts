import { router } from '../../trpc/init';
import { createEmbedTokenProcedure } from './create-embed-token';

export const embedTokensRouter = router({
  create: createEmbedTokenProcedure,
});
