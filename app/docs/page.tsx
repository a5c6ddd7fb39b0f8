import { appRouter } from '@/server/routers/root';
import { openApiDocument } from '@/server/trpc/openapi';
import { Operation, type OperationObject } from './operation';

// /docs: the /v1 OpenAPI document rendered for people, from the same generator as /v1/openapi.json.
export default function DocsPage() {
  const doc = openApiDocument(appRouter);
  const byTag = new Map<string, { method: string; path: string; op: OperationObject }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, OperationObject>)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <main className="mx-auto max-w-5xl space-y-8 p-6">
      <header>
        <h1 className="text-3xl font-semibold">{doc.info.title} <span className="text-base text-slate-500">v{doc.info.version}</span></h1>
        <p className="mt-2 text-slate-600">
          Base URL <code>/v1</code>. Send <code>Authorization: Bearer sa_live_…</code>. Errors are{' '}
          <code>{'{ error, need?, detail? }'}</code>. Machine-readable: <a className="text-indigo-700 underline" href="/v1/openapi.json">/v1/openapi.json</a>.
        </p>
      </header>
      {[...byTag.entries()].map(([tag, ops]) => (
        <section key={tag} aria-labelledby={`tag-${tag}`}>
          <h2 id={`tag-${tag}`} className="mb-3 text-xl font-semibold">{tag}</h2>
          <div className="space-y-3">
            {ops.map(({ method, path, op }) => (
              <Operation key={`${method} ${path}`} method={method} path={path} op={op} />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
