import { unwrapZodType } from 'trpc-to-openapi';
import type { z } from 'zod';
import { RefcountError } from '../../errors/errors';
import { rejectNul } from '../../errors/nul';

export const MAX_BODY_BYTES = 64 * 1024;

const kindOf = (schema: z.ZodType | undefined): string | undefined =>
  schema ? (unwrapZodType(schema as never, false) as { _zod: { def: { type: string } } })._zod.def.type : undefined;

/**
 * Query strings carry only text: numbers and booleans are coerced by the input schema's field
 * types. Empty values count as absent (so `?limit=` takes the default); unparseable values are
 * left as text for the schema to reject with a message naming the field.
 */
export function queryInput(query: URLSearchParams, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key).filter((v) => v !== '');
    if (!values.length) continue;
    const kind = kindOf(shape[key]);
    const coerce = (v: string): unknown => {
      if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
      if (kind === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
      return v;
    };
    out[key] = kind === 'array' ? values : values.length === 1 ? coerce(values[0]) : values.map(coerce);
  }
  rejectNul(out, 'query');
  return out;
}

/** `application/json` with any parameters; not `application/json-patch+json` and its kin. */
const isJson = (contentType: string | null) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json';

/** The JSON body of a POST/PUT/PATCH, already size-checked by the transport. */
export function bodyInput(text: string, contentType: string | null): Record<string, unknown> {
  if (!text.trim()) return {};
  if (!isJson(contentType)) throw new RefcountError('unsupported_media_type', 'send the body as application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RefcountError('invalid_json', 'request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new RefcountError('invalid_request', 'body: must be a JSON object');
  }
  rejectNul(parsed, 'body');
  return parsed as Record<string, unknown>;
}
