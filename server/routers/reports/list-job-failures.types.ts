import { z } from 'zod';

// Dashboard-only (no /v1 meta): background jobs failing for this workspace now.
export const listJobFailuresInput = z.object({}).optional();
export const listJobFailuresOutput = z.object({
  data: z.array(
    z.object({
      job: z.string(),
      label: z.string(),
      error: z.string(),
      failures: z.number().int().min(1),
      first_failed_at: z.string(),
      last_failed_at: z.string(),
    }),
  ),
});
