import Link from 'next/link';
import { ApiReference } from './api-reference';

export const metadata = { title: 'Refcount API reference' };

// /docs: the /v1 OpenAPI document (GET /v1/openapi.json, generated from the routers) rendered by
// RapiDoc, bundled from npm: schemas, examples and try-it, offline, on a phone too.
export default function DocsPage() {
  return (
    <div className="flex h-screen flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b bg-white px-4 py-2">
        <Link href="/dashboard" className="rounded px-2 py-1 text-sm text-indigo-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          ← Back to the dashboard
        </Link>
        <h1 className="text-base font-semibold">Refcount API reference</h1>
        <a href="/v1/openapi.json" className="ml-auto text-sm text-slate-600 underline">openapi.json</a>
      </header>
      <ApiReference />
    </div>
  );
}
