import { router } from '../../trpc/init';
import { getBrandProcedure } from './get-brand';
import { getSettingsProcedure } from './get-settings';
import { updateSettingsProcedure } from './update-settings';

export const settingsRouter = router({
  get: getSettingsProcedure,
  update: updateSettingsProcedure,
  brand: getBrandProcedure,
});
