import { z } from 'zod';
import { ONBOARDING_STEPS } from '../../domain/onboarding/checklist';

// Dashboard-only (not under /v1): the overview's onboarding checklist.
export const getChecklistInput = z.object({}).optional();

const step = z.object({
  key: z.enum(ONBOARDING_STEPS),
  done: z.boolean(),
  href: z.string().max(200).describe('the dashboard page where the step is done'),
});

export const getChecklistOutput = z.object({
  data: z.object({
    steps: z.array(step).max(ONBOARDING_STEPS.length),
    all_done: z.boolean(),
    /** The tracking step's two ways in, told apart so the page can say which one counted. */
    tracking_seen: z.boolean(),
    provider_connected: z.boolean(),
    /** The public workspace id the snippet carries (ws_…), and the snippet with it filled in. */
    workspace_id: z.string().max(64),
    snippet: z.string().max(2200),
  }),
});
