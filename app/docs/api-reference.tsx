'use client';
import { useEffect, useState } from 'react';

// RapiDoc is a web component: its bundle registers <rapi-doc> when loaded, in the browser only.
// load-fonts="false" keeps it from fetching Open Sans from Google: nothing leaves this install.
// Phones get the one-column "read" layout without the side navigation.
export function ApiReference() {
  const [ready, setReady] = useState(false);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    setNarrow(window.matchMedia('(max-width: 767px)').matches);
    void import('rapidoc').then(() => setReady(true));
  }, []);
  if (!ready) return <p className="p-4 text-sm text-slate-500">Loading the API reference…</p>;
  return (
    <rapi-doc
      spec-url="/v1/openapi.json"
      load-fonts="false"
      theme="light"
      primary-color="#4f46e5"
      render-style={narrow ? 'read' : 'focused'}
      show-header="false"
      show-info="true"
      allow-authentication="true"
      allow-try="true"
      allow-server-selection="false"
      allow-spec-url-load="false"
      allow-spec-file-load="false"
      show-method-in-nav-bar="as-colored-text"
      schema-style="tree"
      default-schema-tab="example"
      regular-font='ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
      nav-bg-color="#f8fafc"
      {...(narrow ? { 'show-side-nav': 'false' } : {})}
      style={{ flex: 1, minHeight: 0, width: '100%' }}
    />
  );
}
