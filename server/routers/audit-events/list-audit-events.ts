// GET /v1/audit-events: the workspace's audit log, filtered by actor, action, target and time
import { presentAuditEvent } from '../../contracts/audit-event';
import { actorNames, listAuditEvents } from '../../domain/audit/audit-events';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listAuditEventsInput, listAuditEventsMeta, listAuditEventsOutput } from './list-audit-events.types';

export const listAuditEventsProcedure = workspaceProcedure('read')
  .meta(listAuditEventsMeta)
  .input(listAuditEventsInput)
  .output(listAuditEventsOutput)
  .query(async ({ ctx, input }) => {
    const filter = {
      actorType: input.actor_type,
      actorId: input.actor_id,
      action: input.action,
      targetType: input.target_type,
      targetId: input.target_id,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
    };
    const page = await listPage('audit_events', input, (limit, offset) => listAuditEvents({ ctx, filter, page: { limit, offset } }), (row) => row);
    const names = await actorNames(ctx, page.data);
    return { ...page, data: page.data.map((row) => presentAuditEvent(row, names)) };
  });
