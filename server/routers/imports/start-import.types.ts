import { z } from 'zod';
import { importRun, peerName } from './import-run.types';

// Dashboard-only: start an import (or its dry run) from another platform with its API key.
export const startImportInput = z.strictObject({
  peer: peerName,
  api_key: z.string().min(1).max(500).describe("the platform's API key (secret); kept sealed until the run ends, never shown again"),
  account: z.string().trim().min(1).max(100).optional().describe("the id the platform's API needs beside the key: FirstPromoter's Account ID, Tolt's program id"),
  dry_run: z.boolean(),
});
export const startImportOutput = z.object({ data: importRun });
