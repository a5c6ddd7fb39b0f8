// dashboard: the onboarding checklist (each step done or not, where it is done) and the tracking snippet
import { readOnboardingChecklist } from '../../domain/onboarding/checklist';
import { trackingSnippet } from '../../domain/onboarding/snippet';
import { workspacePublicId } from '../../integrations/event-log';
import { workspaceProcedure } from '../../trpc/procedures';
import { getChecklistInput, getChecklistOutput } from './get-checklist.types';

export const getChecklistProcedure = workspaceProcedure('read')
  .input(getChecklistInput)
  .output(getChecklistOutput)
  .query(async ({ ctx }) => {
    const [list, publicId] = await Promise.all([readOnboardingChecklist(ctx), workspacePublicId(ctx)]);
    return {
      data: {
        steps: list.steps,
        all_done: list.steps.every((s) => s.done),
        tracking_seen: list.trackingSeen,
        provider_connected: list.providerConnected,
        workspace_id: publicId,
        snippet: trackingSnippet(ctx.services.config.publicUrl, publicId),
      },
    };
  });
