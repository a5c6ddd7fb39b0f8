import { sql, type SQL } from 'drizzle-orm';

/**
 * An event's dispatched_at as it is written: null (the dispatcher fans it out) when an active
 * endpoint of its workspace listens to its type or to '*', else the event's own time. The
 * dispatcher would have found no endpoint and only marked it, a second write of every event (with
 * its index entries: about a third of a sale's WAL in a workspace without webhooks). An endpoint
 * receives the events recorded after it was added; one added in the very instant of an event may
 * miss it, as it might have by being added a moment later.
 *
 * `workspaces`: an SQL array of every workspace the statement writes events for, not tied to the
 * row, so the listeners are read once per statement and each event is looked up in a hash of them.
 * Read for each event, a workspace's few endpoints were scanned again per event
 * (docs/performance-history.md#small-tables-scanned-again-for-every-row).
 */
const dispatchedUnlessHeard = (e: { workspaceId: SQL; type: SQL; createdAt: SQL; workspaces: SQL }) => {
  const listened = (type: SQL) => sql`(${e.workspaceId}, ${type}) in (
          select ep.workspace_id, heard.type from webhook_endpoints ep, unnest(ep.events) heard(type)
          where ep.workspace_id = any(${e.workspaces}) and ep.active
        )`;
  return sql`case when ${listened(e.type)} or ${listened(sql`'*'`)} then null else ${e.createdAt} end`;
};

/**
 * The INSERT of webhook events, each with its dispatched_at as above: one shape for the tracking
 * statements (server/store/appended-rows.ts) and emitEvents. `rows`: a FROM item yielding
 * webhook_events records as `r`; `workspaces`: every workspace among them, as an SQL uuid[].
 */
export const insertEvents = (rows: SQL, workspaces: SQL) => sql`
      insert into webhook_events (id, workspace_id, type, payload, created_at, dispatched_at)
      select r.id, r.workspace_id, r.type, r.payload, r.created_at,
        ${dispatchedUnlessHeard({ workspaceId: sql`r.workspace_id`, type: sql`r.type`, createdAt: sql`r.created_at`, workspaces })}
      from ${rows}`;
