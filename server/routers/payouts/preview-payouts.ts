// GET /v1/payouts/preview: what the next payout batch would pay, and who it skips and why
import { presentPayoutPreview } from '../../contracts/payout-preview';
import { previewPayouts } from '../../domain/payouts/preview-payouts';
import { workspaceProcedure } from '../../trpc/procedures';
import { previewPayoutsInput, previewPayoutsMeta, previewPayoutsOutput } from './preview-payouts.types';

export const previewPayoutsProcedure = workspaceProcedure('read')
  .meta(previewPayoutsMeta)
  .input(previewPayoutsInput)
  .output(previewPayoutsOutput)
  .query(async ({ ctx }) => ({ object: 'payout_preview' as const, data: presentPayoutPreview(await previewPayouts({ ctx })) }));
