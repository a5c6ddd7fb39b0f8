// dashboard: the workspace's latest imports and the platforms the Import page offers
import { listImportRuns } from '../../importers/import-runs';
import { PEER_NAMES, PEERS, type Peer } from '../../importers/peers';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentImportRun } from './import-run.types';
import { listImportsInput, listImportsOutput } from './list-imports.types';

export const listImportsProcedure = workspaceProcedure('read')
  .input(listImportsInput)
  .output(listImportsOutput)
  .query(async ({ ctx }) => ({
    data: (await listImportRuns(ctx)).map(presentImportRun),
    peers: PEER_NAMES.map((name) => {
      const { label, keyHint, account } = PEERS[name] as Peer;
      return { name, label, key_hint: keyHint, account_label: account?.label ?? null };
    }),
  }));
