import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { workspaces } from '@/db/schema';
import { flag, UsageError, type Flags, type Out } from '../cli/args';
import { PEERS } from './peers';
import { IMPORT_KINDS, runImport, type ImportReport } from './run';
import type { PeerSource } from './types';

// `npx refcount import <peer> --workspace ID --api-key KEY [--dry-run] [--base-url URL]`
// (docs/moving-from-another-platform.md): progress on stderr after each page, the report on stdout.

const SOURCES: Record<string, (apiKey: string, baseUrl?: string) => PeerSource> = Object.fromEntries(Object.entries(PEERS).map(([name, p]) => [name, p.make]));
const PLANNED = ['firstpromoter', 'tolt', 'partnerstack'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const summary = (r: ImportReport) => IMPORT_KINDS.map((k) => `${k}s ${r.added[k]}${r.alreadyImported[k] ? ` (+${r.alreadyImported[k]} already)` : ''}`).join(', ');

export async function importCommand({ db }: Database, f: Flags, out: Out, args: string[]) {
  const peer = args[0];
  if (!peer || PLANNED.includes(peer)) throw new UsageError(peer ? `import from ${peer} is not available yet; available: ${Object.keys(SOURCES).join(', ')}` : `name the platform: refcount import <${Object.keys(SOURCES).join('|')}> --workspace ID --api-key KEY`);
  const make = SOURCES[peer];
  if (!make) throw new UsageError(`unknown platform "${peer}"; available: ${Object.keys(SOURCES).join(', ')}`);
  const workspaceId = flag(f, 'workspace');
  if (!UUID.test(workspaceId) || !(await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId))).length) {
    throw new UsageError(`no workspace ${workspaceId}`);
  }
  const dryRun = f['dry-run'] === true;
  const report = await runImport({
    db,
    workspaceId,
    source: make(flag(f, 'api-key'), f['base-url']),
    dryRun,
    onProgress: (kind, r) => process.stderr.write(`${kind}s: ${r.added[kind]} ${dryRun ? 'to add' : 'added'}, ${r.alreadyImported[kind]} already imported\n`),
  });
  const lines = [
    `${dryRun ? 'dry run, nothing written: would add' : 'imported'} ${summary(report)}`,
    report.stripeCustomersLinked === null
      ? 'no Stripe API key in this workspace: Stripe customers were not scanned for the peer\'s referral metadata'
      : `Stripe customers ${dryRun ? 'to link' : 'linked'} by referral metadata: ${report.stripeCustomersLinked}`,
    ...(report.unmappable.length ? [`not imported or changed (${report.unmappable.length}):`, ...report.unmappable.map((u) => `  ${u.kind} ${u.id}: ${u.reason}`)] : []),
  ];
  out.print(lines.join('\n'), { source: report.source, dry_run: dryRun, added: report.added, already_imported: report.alreadyImported, stripe_customers_linked: report.stripeCustomersLinked, unmappable: report.unmappable });
}
