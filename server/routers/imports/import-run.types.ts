import { z } from 'zod';
import { iso, isoOrNull, timestamp } from '../../contracts/common';
import { IMPORT_KINDS, type ImportReport } from '../../importers/run';
import type { ImportRun } from '../../importers/import-runs';
import { PEER_NAMES } from '../../importers/peers';

// Dashboard-only: an import from another platform (server/importers/import-runs.ts) as the Import
// page shows it. Never the API key.
export const peerName = z.enum(PEER_NAMES);
const kind = z.enum(IMPORT_KINDS as [ImportReport['unmappable'][number]['kind'], ...ImportReport['unmappable'][number]['kind'][]]);
const counts = z.record(kind, z.number().int());

export const importReport = z.object({
  added: counts,
  already_imported: counts,
  // the first of them (server/importers/run.ts MAX_LISTED) and how many in all
  unmappable: z.array(z.object({ kind, id: z.string(), reason: z.string() })),
  unmappable_count: z.number().int(),
  stripe_customers_linked: z.number().int().nullable(),
});

export const importRun = z.object({
  id: z.uuid(),
  peer: peerName,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  dry_run: z.boolean(),
  // what it reads now: the kind of record and how many pages of it so far
  progress: z.object({ kind, pages: z.number().int() }).nullable(),
  // the report so far while it runs, the final one once done
  report: importReport.nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});

export function presentImportRun(r: ImportRun): z.infer<typeof importRun> {
  const report = r.report as ImportReport | null;
  return {
    id: r.id,
    peer: r.peer as z.infer<typeof peerName>,
    status: r.status,
    dry_run: r.dryRun,
    progress: (r.progress as z.infer<typeof importRun>['progress']) ?? null,
    report: report
      ? { added: report.added, already_imported: report.alreadyImported, unmappable: report.unmappable, unmappable_count: report.unmappableCount ?? report.unmappable.length, stripe_customers_linked: report.stripeCustomersLinked }
      : null,
    error: r.error,
    created_at: iso(r.createdAt),
    started_at: isoOrNull(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
  };
}
