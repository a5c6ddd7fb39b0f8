import { sql, type SQL } from 'drizzle-orm';

/**
 * An event's dispatched_at as it is written: null (the dispatcher fans it out) when an active
 * endpoint of its workspace listens to its type or to '*', else the event's own time. The
 * dispatcher would have found no endpoint and only marked it, a second write of every event (with
 * its index entries: about a third of a sale's WAL in a workspace without webhooks). An endpoint
 * receives the events recorded after it was added; one added in the very instant of an event may
 * miss it, as it might have by being added a moment later.
 */
export const dispatchedUnlessHeard = (e: { workspaceId: SQL; type: SQL; createdAt: SQL }) => sql`case when exists (
          select 1 from webhook_endpoints ep
          where ep.workspace_id = ${e.workspaceId} and ep.active and ep.events && array[${e.type}, '*']
        ) then null else ${e.createdAt} end`;
