import { z } from 'zod';

// Field shapes shared by contracts (limits: docs/api.md#field-limits). Contracts import only zod:
// dashboard forms check their input with these schemas in the browser too.
export const uuid = z.uuid().max(36);
export const recordId = z.string().max(64).describe('record id (uuid)');
/** A record of this workspace named in a body or query: empty is an error, never "no change". */
export const referenceId = z.string().trim().min(1).max(64).describe('id of a record of this workspace (uuid)');
export const timestamp = z.string().max(32).meta({ format: 'date-time' }).describe('ISO 8601 UTC timestamp');
/**
 * A string of a record, bounded as the input that wrote it was: the document declares the bound
 * and output validation holds every response to it.
 */
export const text = (max: number) => z.string().max(max);
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
// The ISO 4217 codes this runtime can format: "abc" or "nan" are three letters but no currency.
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));
export const currency = z
  .string()
  .trim()
  .toLowerCase()
  .length(3)
  .regex(/^[a-z]{3}$/, 'a three-letter ISO 4217 code')
  .refine((c) => CURRENCIES.has(c), 'not an ISO 4217 currency code');
// Dates a caller sends are bounded to the years 2000-2100 (ours, documented in the OpenAPI
// descriptions): far outside it, ISO strings stop sorting (year 10000, year 0) and PostgreSQL
// refuses what JavaScript accepts, so nothing past these bounds may reach a loop or a query.
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
const inBounds = (value: string) => {
  const day = value.slice(0, 10);
  return day >= FIRST_DAY && day <= LAST_DAY;
};
const bounded = <T extends z.ZodType<string, string>>(schema: T) =>
  z.string().trim().max(35).pipe(schema).refine(inBounds, `must fall between ${FIRST_DAY} and ${LAST_DAY}`);
/** An ISO date-time with offset (Z or ±hh:mm), within the years 2000-2100. */
export const dateTime = bounded(z.iso.datetime({ offset: true }));
/** An ISO date (YYYY-MM-DD) or date-time, within the years 2000-2100. */
export const dateOrDateTime = bounded(z.union([z.iso.date(), z.iso.datetime({ offset: true })]));

/** A currency as records carry it (validated on the way in). */
export const currencyCode = z.string().max(3).describe('lower-case ISO 4217 code');

export const list = <T extends z.ZodType>(item: T) => z.array(item).max(50);
// stringbool takes true/false, 1/0, yes/no, on/off, y/n, enabled/disabled: at most 8 characters.
export const queryBool = z.stringbool().meta({ maxLength: 8 });

/** An instant as answers carry it: a Date, or ISO text already (server/lib/instant.ts, for lists). */
export type Instant = Date | string;
export const iso = (d: Instant) => (typeof d === 'string' ? d : d.toISOString());
export const isoOrNull = (d: Instant | null) => (d === null ? null : iso(d));

// Answers are checked against their contract in development and tests; production sends what the
// presenter built. The check cost list reads dearly (docs/performance-history.md), and what it
// guards is caught before release: where it runs, an answer the check would have altered
// (a key left for zod to strip, a default or transform left for zod to apply) fails loudly, so no
// presenter can rely on it. On until the process's services open with checkAnswers off
// (readConfig: production without CHECK_ANSWERS=true).
let checking = true;
export const setAnswerChecks = (on: boolean) => {
  checking = on;
};

const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Two JSON values alike, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}

/**
 * An answer schema for tRPC, which validates every answer with parseAsync. When answers are
 * checked, zod's synchronous walk runs first: its async walk skips the compiled fast path for
 * objects (colinhacks/zod#3446, #6501), ~200 µs a page of 50 affiliates instead of ~55. Our answers
 * hold no async check; one that ever does still gets the async walk.
 */
export function answerSchema<T extends z.ZodType>(schema: T): T {
  const walkAsync = schema.parseAsync.bind(schema);
  const parseAsync = async (data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>) => {
    if (!checking) return data;
    let parsed: unknown;
    try {
      parsed = schema.parse(data, params);
    } catch (err) {
      if (err instanceof z.core.$ZodAsyncError) return walkAsync(data, params);
      throw err;
    }
    if (!sameJson(wire(parsed), wire(data))) throw new Error('an answer relies on its schema to change it (stripped key, default or transform): present it exactly');
    return parsed;
  };
  Object.assign(schema, { parseAsync });
  return schema;
}

export const one = <K extends string, T extends z.ZodType>(object: K, data: T) =>
  answerSchema(z.object({ object: z.literal(object), data }));
