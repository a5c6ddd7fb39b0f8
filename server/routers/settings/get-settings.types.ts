import { z } from 'zod';
import { settingsBody } from '../../contracts/settings';
import { operation } from '../../trpc/meta';

export const getSettingsMeta = operation({
  method: 'GET',
  path: '/settings',
  summary: "The workspace's program settings",
  tags: ['Settings'],
  errors: [],
});

export const getSettingsInput = z.object({});
export const getSettingsOutput = settingsBody;
