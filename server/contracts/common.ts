import { z } from 'zod';

// Field shapes shared by contracts (decisions.md §1 limits). Contracts import only zod.
export const uuid = z.uuid();
export const recordId = z.string().max(64).describe('record id (uuid)');
export const timestamp = z.string().describe('ISO 8601 UTC timestamp');
export const name = z.string().trim().min(1).max(200);
export const email = z.string().trim().max(254).pipe(z.email());
export const description = z.string().trim().max(1000);
export const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https$/, error: 'must be an https URL' }));
export const anyUrl = z.string().trim().max(2048).pipe(z.url({ protocol: /^https?$/ }));
export const refCode = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9_-]+$/, 'use 3-64 of a-z, 0-9, _ and -');
export const currency = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, 'a three-letter ISO 4217 code');
export const list = <T extends z.ZodType>(item: T) => z.array(item).max(50);
export const queryBool = z.stringbool();

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const one = <K extends string, T extends z.ZodType>(object: K, data: T) =>
  z.object({ object: z.literal(object), data });
