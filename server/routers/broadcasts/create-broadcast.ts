// POST /v1/broadcasts: e-mail a group of affiliates through the outbox
import { presentBroadcast } from '../../contracts/email';
import { createBroadcast } from '../../domain/mail/broadcasts';
import { workspaceProcedure } from '../../trpc/procedures';
import { createBroadcastInput, createBroadcastMeta, createBroadcastOutput } from './create-broadcast.types';

export const createBroadcastProcedure = workspaceProcedure('write')
  .meta(createBroadcastMeta)
  .input(createBroadcastInput)
  .output(createBroadcastOutput)
  .mutation(async ({ ctx, input }) => {
    const broadcast = await createBroadcast({ ctx, subject: input.subject, body: input.text, campaignId: input.campaign_id ?? null, publicUrl: ctx.services.config.publicUrl });
    return { object: 'broadcast' as const, data: presentBroadcast(broadcast) };
  });
