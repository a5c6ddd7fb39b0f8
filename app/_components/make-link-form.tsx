'use client';
import { useState, type FormEvent } from 'react';
import { Button, ErrorNote, inputCls } from './ui';

/**
 * "Make a link": one of the campaign's landing pages (the first is its default) and an optional
 * sub-id. The portal and the affiliate page each send it through their own procedure.
 */
export function MakeLinkForm({ pages, label, pending, error, onMake }: {
  pages: string[];
  label: string;
  pending: boolean;
  error: unknown;
  onMake: (input: { landingPage?: string; subId?: string }, done: () => void) => void;
}) {
  const [page, setPage] = useState('');
  const [sub, setSub] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    onMake({ ...(page ? { landingPage: page } : {}), ...(sub.trim() ? { subId: sub.trim() } : {}) }, () => setSub(''));
  }
  return (
    <form onSubmit={submit} aria-label={label} className="mt-3 flex flex-wrap items-end gap-3 border-t pt-3">
      <label className="min-w-0 text-sm">
        Landing page
        <select value={page} onChange={(e) => setPage(e.target.value)} className={inputCls}>
          {pages.map((p, i) => <option key={p} value={i === 0 ? '' : p}>{p}</option>)}
        </select>
      </label>
      <label className="text-sm">
        Sub-id (optional)
        <input value={sub} onChange={(e) => setSub(e.target.value)} placeholder="youtube-bio" maxLength={64} className={inputCls} />
      </label>
      <Button tone="secondary" disabled={pending}>{pending ? 'Making…' : label}</Button>
      <p className="w-full text-xs text-slate-500">A sub-id shows in the address of each click, so placements can be told apart.</p>
      <div className="w-full"><ErrorNote error={error} /></div>
    </form>
  );
}
