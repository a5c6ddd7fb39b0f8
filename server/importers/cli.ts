import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { workspaces } from '@/db/schema';
import { readSettings } from '../domain/settings/settings';
import { flag, UsageError, type Flags, type Out } from '../cli/args';
import { isPeer, PEER_NAMES, PEERS, type Peer } from './peers';
import { IMPORT_KINDS, runImport, type ImportReport } from './run';

// `npx refcount import <peer> --workspace ID --api-key KEY [--account-id ID] [--program-id ID] [--dry-run] [--base-url URL]`
// (docs/moving-from-another-platform.md): progress on stderr after each page, the report on stdout.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const summary = (r: ImportReport) => IMPORT_KINDS.map((k) => `${k}s ${r.added[k]}${r.alreadyImported[k] ? ` (+${r.alreadyImported[k]} already)` : ''}`).join(', ');

export async function importCommand({ db }: Database, f: Flags, out: Out, args: string[]) {
  const peer = args[0];
  if (!peer) throw new UsageError(`name the platform: refcount import <${PEER_NAMES.join('|')}> --workspace ID --api-key KEY`);
  if (!isPeer(peer)) throw new UsageError(`unknown platform "${peer}"; available: ${PEER_NAMES.join(', ')}`);
  const { account, keyProblem, make } = PEERS[peer] as Peer;
  const apiKey = flag(f, 'api-key');
  const problem = keyProblem(apiKey);
  if (problem) throw new UsageError(problem);
  const workspaceId = flag(f, 'workspace');
  if (!UUID.test(workspaceId) || !(await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId))).length) {
    throw new UsageError(`no workspace ${workspaceId}`);
  }
  const workspace = { currency: (await readSettings({ db, workspaceId })).currency };
  const dryRun = f['dry-run'] === true;
  const report = await runImport({
    db,
    workspaceId,
    source: make({ apiKey, account: account ? flag(f, account.flag) : null, currency: workspace.currency, baseUrl: f['base-url'] }),
    dryRun,
    onProgress: (kind, r) => process.stderr.write(`${kind}s: ${r.added[kind]} ${dryRun ? 'to add' : 'added'}, ${r.alreadyImported[kind]} already imported\n`),
  });
  const lines = [
    `${dryRun ? 'dry run, nothing written: would add' : 'imported'} ${summary(report)}`,
    report.stripeCustomersLinked === null
      ? 'no Stripe API key in this workspace: Stripe customers were not scanned for the peer\'s referral metadata'
      : `Stripe customers ${dryRun ? 'to link' : 'linked'} by referral metadata: ${report.stripeCustomersLinked}`,
    ...(report.unmappableCount
      ? [
          `not imported or changed (${report.unmappableCount}):`,
          ...report.unmappable.map((u) => `  ${u.kind} ${u.id}: ${u.reason}`),
          ...(report.unmappableCount > report.unmappable.length ? [`  … and ${report.unmappableCount - report.unmappable.length} more`] : []),
        ]
      : []),
  ];
  out.print(lines.join('\n'), { source: report.source, dry_run: dryRun, added: report.added, already_imported: report.alreadyImported, stripe_customers_linked: report.stripeCustomersLinked, unmappable: report.unmappable, unmappable_count: report.unmappableCount });
}
