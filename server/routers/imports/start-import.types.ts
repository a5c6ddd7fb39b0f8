import { z } from 'zod';
import { importRun, peerName } from './import-run.types';

// Dashboard-only: start an import (or its dry run) from another platform with its API key.
export const startImportInput = z.strictObject({
  peer: peerName,
  api_key: z.string().min(1).max(500).describe("the platform's API key (secret); kept sealed until the run ends, never shown again"),
  dry_run: z.boolean(),
});
export const startImportOutput = z.object({ data: importRun });
