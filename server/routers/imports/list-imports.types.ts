import { z } from 'zod';
import { importRun, peerName } from './import-run.types';

// Dashboard-only: the workspace's latest imports, newest first, and the platforms one can import from.
export const listImportsInput = z.strictObject({}).optional();
export const listImportsOutput = z.object({
  data: z.array(importRun),
  peers: z.array(z.object({ name: peerName, label: z.string(), key_hint: z.string(), account_label: z.string().nullable() })),
});
