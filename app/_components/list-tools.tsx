'use client';
import { useEffect, useState } from 'react';
import { useToast } from './toast';
import { Button, focus, inputCls } from './ui';

// The pieces every list view shares: a search box and sortable headers whose state lives in the
// URL (useUrlFilters), and a CSV export of what the filters show.

/** Search as you type, written to the URL a moment after the typing stops. */
export function SearchBox({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <label className="text-sm">
      Search
      <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} maxLength={200} className={`${inputCls} sm:w-64`} />
    </label>
  );
}

export type SortState = { sort: string; dir: 'asc' | 'desc' };

/** A column header that sorts the list by `column` (descending first), and says how it is sorted. */
export function SortHeader({ label, column, state, onSort }: { label: string; column: string; state: SortState; onSort: (s: SortState) => void }) {
  const active = state.sort === column;
  const next: SortState = { sort: column, dir: active && state.dir === 'desc' ? 'asc' : 'desc' };
  return (
    <button type="button" onClick={() => onSort(next)} aria-label={`Sort by ${label}${active ? (state.dir === 'desc' ? ', now descending' : ', now ascending') : ''}`} className={`inline-flex items-center gap-1 font-medium ${focus}`}>
      {label}
      <span aria-hidden className={active ? 'text-slate-800' : 'text-slate-300'}>{active && state.dir === 'asc' ? '▲' : '▼'}</span>
    </button>
  );
}

/** Sort state from the URL values, falling back to the list's default. */
export function sortOf(values: { sort?: string; dir?: string }, allowed: readonly string[], fallback: string): SortState {
  return { sort: allowed.includes(values.sort ?? '') ? values.sort! : fallback, dir: values.dir === 'asc' ? 'asc' : 'desc' };
}

export function downloadText(text: string, filename: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  URL.revokeObjectURL(url);
}

/** Downloads the list as CSV (the same filters and order), through the session, not an API key. */
export function CsvButton({ fetchCsv, filename }: { fetchCsv: () => Promise<string>; filename: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const text = await fetchCsv();
      downloadText(text, filename);
      const rows = Math.max(0, text.trim().split('\n').length - 1);
      toast(`Exported ${rows} row${rows === 1 ? '' : 's'} to ${filename}.`);
    } catch {
      toast('The export failed: try again.', 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button tone="secondary" type="button" disabled={busy} onClick={run}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
