import { z } from 'zod';
import { MATCH_METHODS } from '../model/enums';

export const clickInput = z.strictObject({
  ref: z.string().trim().min(1).max(64),
  visitor_id: z.string().trim().min(1).max(128).optional(),
  fingerprint: z.string().trim().min(1).max(256).optional(),
  url: z.string().trim().max(2048).optional(),
  referrer: z.string().trim().max(2048).optional(),
  ip: z.string().trim().max(64).optional(),
  user_agent: z.string().trim().max(512).optional(),
});

export const clickOutput = z
  .object({
    ok: z.boolean(),
    visitor_id: z.string().max(128).nullable(),
    match_method: z.enum(MATCH_METHODS).nullable(),
    match_confidence: z.number().min(0).max(1).nullable(),
  })
  .meta({ id: 'ClickResult' });
