export type OperationObject = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
};

const METHOD_STYLE: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  put: 'bg-amber-100 text-amber-800',
  patch: 'bg-violet-100 text-violet-800',
  delete: 'bg-red-100 text-red-800',
};

function fieldsOf(schema: unknown): string[] {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Object.keys(s?.properties ?? {}).map((k) => (s?.required?.includes(k) ? `${k}*` : k));
}

export function Operation({ method, path, op }: { method: string; path: string; op: OperationObject }) {
  const body = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
  const params = op.parameters ?? [];
  return (
    <details className="rounded-lg bg-white p-3 shadow-sm">
      <summary className="flex cursor-pointer items-center gap-3">
        <span className={`w-16 rounded px-2 py-0.5 text-center text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ''}`}>{method}</span>
        <code className="text-sm">/v1{path}</code>
        <span className="text-sm text-slate-600">{op.summary}</span>
      </summary>
      <div className="mt-3 space-y-2 text-sm">
        {params.length > 0 && (
          <p>
            <strong>Parameters:</strong> {params.map((p) => `${p.name}${p.required ? '*' : ''} (${p.in})`).join(', ')}
          </p>
        )}
        {body.length > 0 && (
          <p>
            <strong>Body:</strong> {body.join(', ')}
          </p>
        )}
        <ul className="list-inside list-disc">
          {Object.entries(op.responses ?? {}).map(([status, r]) => (
            <li key={status}>
              <code>{status}</code> {r.description}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
