// The MCP server's tools (docs/client-and-mcp.md#mcp-server): a chosen set of /v1 operations, each
// described, shaped and scoped by the OpenAPI document, so a tool is exactly the endpoint it calls.
import { grants } from '../auth/scopes';

/** The operations offered as tools, by operationId. No tool creates, sends or settles a payout. */
export const TOOL_OPERATIONS = [
  // affiliates and their applications (a pending affiliate is an application)
  'affiliates-list', 'affiliates-get', 'affiliates-create', 'affiliates-invite', 'affiliates-update', 'affiliates-bulkUpdate',
  // links and coupon codes
  'links-list', 'links-create', 'affiliates-codes', 'affiliates-createCode', 'affiliates-deactivateCode',
  // campaigns and their rules, with the rule preview
  'campaigns-list', 'campaigns-get', 'campaigns-create', 'campaigns-update',
  'commissionRules-get', 'commissionRules-set', 'commissionRules-preview',
  // conversions and commissions
  'conversions-list', 'conversions-get', 'conversions-attribution',
  'commissions-list', 'commissions-get', 'commissions-update', 'commissions-bulkReview',
  // payouts: read and preview only
  'payouts-list', 'payouts-get', 'payouts-preview',
  // reports and risk
  'reports-summary', 'reports-timeseries', 'reports-affiliates', 'reports-campaigns',
  'risk-flags', 'risk-assess', 'risk-dismiss',
  // an affiliate key's own data
  'affiliate-me', 'affiliate-stats', 'affiliate-links', 'affiliate-codes', 'affiliate-clicks',
  'affiliate-conversions', 'affiliate-commissions', 'affiliate-payouts',
] as const;

/** What calling a tool needs: a workspace key with this scope, or an affiliate key. */
export type ToolNeed = 'read' | 'write' | 'affiliate';

type JsonSchema = { [key: string]: unknown };
type Parameter = { in: string; name: string; required?: boolean; description?: string; schema: JsonSchema };
type Operation = { operationId?: string; summary?: string; description?: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

export type Tool = {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false };
  method: string;
  path: string;
  need: ToolNeed;
  /** Where each argument goes in the request. */
  placement: Record<string, 'path' | 'query' | 'body'>;
};

/** The scope an operation's description says it needs ("Needs a workspace key with the write scope"). */
export function needOf(description: string): ToolNeed | null {
  if (/Needs an affiliate key/.test(description)) return 'affiliate';
  const scope = /Needs a workspace key with the (\w+) scope/.exec(description)?.[1];
  return scope === 'read' || scope === 'write' ? scope : null;
}

/** Replaces `$ref`s to the document's schemas by the schemas themselves: a tool's input stands alone. */
function inline(schema: unknown, doc: OpenApiDocument, depth = 0): unknown {
  if (depth > 20) throw new Error('schema nested too deep to inline');
  if (Array.isArray(schema)) return schema.map((s) => inline(s, doc, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) {
    const name = ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unknown $ref ${ref}`);
    return inline(target, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, doc, depth + 1)]));
}

/** The tools, from the document: arguments are the path and query parameters and the body's fields, side by side. */
export function toolsOf(doc: OpenApiDocument): Tool[] {
  const byId = new Map<string, { method: string; path: string; op: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (op?.operationId) byId.set(op.operationId, { method: method.toUpperCase(), path, op });
  }
  return TOOL_OPERATIONS.map((name) => {
    const found = byId.get(name);
    if (!found) throw new Error(`no /v1 operation ${name}`);
    const { method, path, op } = found;
    const description = [op.summary, op.description].filter(Boolean).join('\n\n');
    const need = needOf(op.description ?? '');
    if (!need) throw new Error(`${name}: its description does not say which key it needs`);
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const placement: Tool['placement'] = {};
    const add = (arg: string, schema: JsonSchema, where: 'path' | 'query' | 'body', isRequired: boolean) => {
      if (placement[arg]) throw new Error(`${name}: argument ${arg} is both ${placement[arg]} and ${where}`);
      placement[arg] = where;
      properties[arg] = schema;
      if (isRequired) required.push(arg);
    };
    for (const p of op.parameters ?? []) {
      if (p.in !== 'path' && p.in !== 'query') continue;
      add(p.name, inline({ ...p.schema, ...(p.description ? { description: p.description } : {}) }, doc) as JsonSchema, p.in, p.in === 'path' || !!p.required);
    }
    const body = inline(op.requestBody?.content?.['application/json']?.schema, doc) as JsonSchema | undefined;
    if (body) {
      const fields = (body.properties ?? {}) as Record<string, JsonSchema>;
      const needed = new Set((body.required ?? []) as string[]);
      for (const [field, schema] of Object.entries(fields)) add(field, schema, 'body', needed.has(field));
    }
    return { name, description, inputSchema: { type: 'object', properties, required, additionalProperties: false }, method, path, need, placement };
  });
}

/** The tools a key may call, by the same rule as its /v1 calls: a read key gets read tools only, an affiliate key its own. */
export function toolsFor(tools: Tool[], key: { family: 'workspace'; scopes: string[] } | { family: 'affiliate' }): Tool[] {
  if (key.family === 'affiliate') return tools.filter((t) => t.need === 'affiliate');
  return tools.filter((t) => t.need !== 'affiliate' && grants(key.scopes, t.need));
}
