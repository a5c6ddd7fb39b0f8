// GET /v1/settings: the workspace's approval, hold, payout and currency settings
import { presentSettings } from '../../contracts/settings';
import { readSettings } from '../../domain/settings/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { getSettingsInput, getSettingsMeta, getSettingsOutput } from './get-settings.types';

export const getSettingsProcedure = workspaceProcedure('read')
  .meta(getSettingsMeta)
  .input(getSettingsInput)
  .output(getSettingsOutput)
  .query(async ({ ctx }) => presentSettings(await readSettings(ctx)));
