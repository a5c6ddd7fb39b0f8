// POST /v1/campaigns/{id}/attribution-model: last click or first click wins, from now on
import { presentCampaign } from '../../contracts/campaign';
import { setAttributionModel } from '../../domain/campaigns/write-campaign';
import { workspaceProcedure } from '../../trpc/procedures';
import { setAttributionModelInput, setAttributionModelMeta, setAttributionModelOutput } from './set-attribution-model.types';

export const setAttributionModelProcedure = workspaceProcedure('write')
  .meta(setAttributionModelMeta)
  .input(setAttributionModelInput)
  .output(setAttributionModelOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'campaign' as const,
    data: presentCampaign(await setAttributionModel({ ctx, id: input.id, model: input.attribution_model })),
  }));
