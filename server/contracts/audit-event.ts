import { z } from 'zod';
import type { auditEvents } from '@/db/schema';
import { iso, text, timestamp, uuid } from './common';

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'affiliate', 'system'] as const;

export const auditEventRecord = z
  .object({
    id: uuid,
    actor: z.object({
      type: z.enum(AUDIT_ACTOR_TYPES).describe('user (dashboard), api_key (sa_live_ key), affiliate (portal, own keys) or system (a job or the command line)'),
      id: text(64).describe('the user, key or affiliate id; for system the job name, e.g. conversions.confirm or cli'),
      name: text(300)
        .nullable()
        .describe("who, in words: the user's e-mail, the key's name and token start, the affiliate's e-mail (or name); null for system, and for a user, key or affiliate since removed"),
      via: z.enum(['mcp']).nullable().describe('mcp: the key acted through a tool of the MCP server (/mcp or npx refcount mcp); null otherwise'),
    }),
    action: text(64).describe('<target>.<verb>, e.g. campaign.updated, workspace_key.revoked, payout.paid'),
    target: z.object({ type: text(64), id: text(64).nullable() }),
    changes: z
      .record(text(64), z.unknown())
      .describe('what changed: `after` for a record created, `before` for one removed, both (changed fields only) for an update; never secrets'),
    created_at: timestamp,
  })
  .meta({ id: 'AuditEvent' });

export const presentAuditEvent = (row: typeof auditEvents.$inferSelect, names: Map<string, string>): z.infer<typeof auditEventRecord> => ({
  id: row.id,
  actor: { type: row.actorType, id: row.actorId, name: names.get(`${row.actorType}:${row.actorId}`) ?? null, via: row.via === 'mcp' ? 'mcp' : null },
  action: row.action,
  target: { type: row.targetType, id: row.targetId },
  changes: row.changes as Record<string, unknown>,
  created_at: iso(row.createdAt),
});
