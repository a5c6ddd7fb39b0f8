import { router } from '../../trpc/init';
import { createCampaignProcedure } from './create-campaign';
import { getCampaignProcedure } from './get-campaign';
import { listCampaignsProcedure } from './list-campaigns';
import { setAttributionModelProcedure } from './set-attribution-model';
import { setCampaignStatusProcedure } from './set-campaign-status';
import { updateCampaignProcedure } from './update-campaign';

export const campaignsRouter = router({
  create: createCampaignProcedure,
  list: listCampaignsProcedure,
  get: getCampaignProcedure,
  update: updateCampaignProcedure,
  setStatus: setCampaignStatusProcedure,
  setAttributionModel: setAttributionModelProcedure,
});
