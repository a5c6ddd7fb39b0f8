// Inputs for the fuzz test of every /v1 operation: a valid example built from an operation's own
// JSON schema (so one broken field is what the server judges), and the values that broke things.
import { readFileSync } from 'node:fs';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
};
export type Doc = { components: { schemas: Record<string, Schema> }; paths: Record<string, Record<string, Operation>> };
export type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string }>;
};

/** Ids the example uses for fields that name records (the test fills them with real ones). */
export type Known = Record<string, string>;

const resolve = (doc: Doc, s: Schema): Schema => (s.$ref ? resolve(doc, doc.components.schemas[s.$ref.split('/').pop()!]) : s);

function stringFor(name: string, s: Schema, known: Known): string {
  if (known[name]) return known[name];
  if (s.format === 'uuid') return '0195a0a0-0000-7000-8000-000000000000';
  if (s.format === 'email' || name.includes('email')) return 'fuzz@example.com';
  if (name.includes('url')) return 'https://shop.example.com/p';
  if (s.format === 'date-time' || name === 'ts') return '2026-01-02T03:04:05Z';
  if (name === 'currency') return 'usd';
  return 'fuzz-value'.slice(0, Math.max(s.minLength ?? 3, 3) + 7);
}

/** A value the schema accepts, filling named record ids from `known`. */
export function example(doc: Doc, schema: Schema, known: Known, name = ''): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return example(doc, s.anyOf.find((o) => resolve(doc, o).type !== 'null') ?? s.anyOf[0], known, name);
  if (s.allOf) return example(doc, s.allOf[0], known, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of s.required ?? []) out[key] = example(doc, s.properties![key], known, key);
    return out;
  }
  if (type === 'array') return Array.from({ length: s.minItems ?? 1 }, () => example(doc, s.items ?? {}, known, name));
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  return stringFor(name, s, known);
}

/** The values that once reached PostgreSQL or a loop: NUL, odd unicode, wrong types, extremes. */
export const NASTY_VALUES: unknown[] = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'e\u0301\u202e😀',
  'x'.repeat(5_000),
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  -1,
  1.5,
  1e308,
  2 ** 63,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { nested: { deeper: ['x'] } },
];

/** The same, as they travel in a query string or a path segment. */
export const NASTY_TEXT: string[] = ['', '\u0000', '%', '%E0%A4%A', '\ud800', 'e\u0301\u202e😀', 'x'.repeat(3_000), '-1', '1e999', '0000-01-01', '../x'];

/** The error codes an operation documents for `status` ("a | b" in its response description). */
export const documentedCodes = (op: Operation, status: number) => (op.responses[String(status)]?.description ?? '').split(' | ');

/** docs/errors.md's table: the status of each code (`<field>_required` stands for every such code). */
const ERROR_TABLE = new Map(
  [...readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8').matchAll(/^\| (\d{3}) \| `([^`]+)` \|/gm)].map(
    ([, status, code]) => [code, Number(status)] as const,
  ),
);
export const documentedStatus = (code: string) => ERROR_TABLE.get(code.endsWith('_required') ? '<field>_required' : code);
