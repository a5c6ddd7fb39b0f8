'use client';
import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useState } from 'react';
import { formatMoney, parseMoney } from '@/server/model/money';
import { errorText, useTRPC } from './providers';

// Small building blocks shared by the dashboard and the portal pages.

export const focus = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-1';
export const inputCls = `mt-1 block w-full rounded border bg-white px-3 py-2 text-sm ${focus}`;

const BUTTON = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700',
  secondary: 'border bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;

export function Button({ tone = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof BUTTON }) {
  return <button {...props} className={`rounded px-3 py-2 text-sm font-medium disabled:opacity-60 ${BUTTON[tone]} ${focus} ${className}`} />;
}

const BADGE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  approved: 'bg-emerald-100 text-emerald-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  paid: 'bg-sky-100 text-sky-800',
  succeeded: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  paused: 'bg-amber-100 text-amber-800',
  rejected: 'bg-red-100 text-red-800',
  denied: 'bg-red-100 text-red-800',
  failed: 'bg-red-100 text-red-800',
  suspended: 'bg-red-100 text-red-800',
  critical: 'bg-red-100 text-red-800',
  high: 'bg-orange-100 text-orange-800',
  medium: 'bg-amber-100 text-amber-800',
  low: 'bg-slate-100 text-slate-700',
};

export function Badge({ value }: { value: string }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE[value] ?? 'bg-slate-200 text-slate-700'}`}>{value.replace(/_/g, ' ')}</span>;
}

/** Minor units as a person reads them, per currency (server/lib/money.ts): 12345 usd → $123.45, 5000 jpy → ¥5,000. */
export const money = (minor: number, currency = 'usd') => formatMoney(minor, currency);

/** The tail of an id, for records that have no name (an API key, a job's target). */
export const shortId = (id: string | null) => (id ? id.slice(-8) : '—');
export const date = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{title}</h1>
      {children}
    </div>
  );
}

export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg bg-white p-4 shadow-sm ${className}`} aria-label={title}>
      {title && <h2 className="mb-3 font-semibold">{title}</h2>}
      {children}
    </section>
  );
}

/**
 * A list as a table. `cards`: below 640 px each row becomes a card with its cells stacked, each
 * cell labelled by its `data-label` (globals.css `.table-cards`), so a phone sees the status, the
 * amount and the row's action without scrolling sideways. Cells without a label span the card;
 * empty cells are left out.
 */
export function Table({ head, children, label, cards = false }: { head: ReactNode[]; children: ReactNode; label: string; cards?: boolean }) {
  return (
    <div className={`overflow-x-auto rounded-lg bg-white shadow-sm ${cards ? 'max-sm:overflow-visible max-sm:bg-transparent max-sm:shadow-none' : ''}`}>
      <table className={`w-full text-sm ${cards ? 'table-cards' : ''}`} aria-label={label}>
        <thead className="bg-slate-100 text-left text-slate-600">
          <tr>
            {head.map((h, i) => (
              <th key={i} className="p-3 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * Loading / error / empty states for a query, so every page says what is happening. `onEmpty`
 * says what to do next (and offers the button to do it) when the list is empty.
 */
export function QueryState({ q, empty, onEmpty, children }: { q: { isLoading: boolean; error: unknown }; empty?: boolean; onEmpty?: ReactNode; children: ReactNode }) {
  if (q.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  if (q.error) return <ErrorNote error={q.error} />;
  if (empty) return <EmptyState>{onEmpty ?? 'Nothing here yet.'}</EmptyState>;
  return <>{children}</>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div data-testid="empty-state" className="space-y-3 rounded-lg bg-white p-6 text-sm text-slate-600 shadow-sm">{children}</div>;
}

/** The program's currency (settings), for forms that take an amount before any record names one. */
export function useProgramCurrency() {
  const trpc = useTRPC();
  return useQuery(trpc.settings.get.queryOptions({})).data?.data.currency ?? 'usd';
}

/**
 * A typed amount to minor units of `currency`, or the sentence saying what is wrong with it
 * ("Amount: use at most 2 decimals."), for forms that take money.
 */
export function amountOrProblem(label: string, text: string, currency: string): { minor: number; problem: null } | { minor: null; problem: string } {
  const r = parseMoney(text, currency);
  return r.ok ? { minor: r.minor, problem: null } : { minor: null, problem: `${label}: ${r.reason}.` };
}

export function ErrorNote({ error }: { error: unknown }) {
  const text = errorText(error);
  return text ? <p role="alert" className="text-sm text-red-700">{text}</p> : null;
}

/** Filters live in the URL so a filtered list can be shared and survives a reload. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  function set(patch: Partial<Record<K, string>>) {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(patch) as [string, string][]) if (v) next.set(k, v); else next.delete(k);
    next.delete('offset');
    router.replace(`${path}?${next.toString()}`);
  }
  const offset = Number(params.get('offset') ?? 0) || 0;
  const setOffset = (o: number) => {
    const next = new URLSearchParams(params.toString());
    if (o > 0) next.set('offset', String(o)); else next.delete('offset');
    router.replace(`${path}?${next.toString()}`);
  };
  return { values, set, offset, setOffset };
}

/** Drops empty filter values so the router sees only what the user chose. */
export function defined<T extends Record<string, string | undefined>>(v: T): Partial<T> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x)) as Partial<T>;
}

export function Pager({ offset, limit, count, onChange }: { offset: number; limit: number; count: number; onChange: (o: number) => void }) {
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
      <Button tone="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <span className="text-slate-600">
        {count === 0 ? 0 : offset + 1}–{offset + count}
      </span>
      <Button tone="secondary" disabled={count < limit} onClick={() => onChange(offset + limit)}>
        Next
      </Button>
    </nav>
  );
}

/** Whether the signed-in member may write: viewers see no write actions (the server refuses anyway). */
export function useCanWrite() {
  const trpc = useTRPC();
  const me = useQuery(trpc.team.me.queryOptions());
  return me.data?.can_write ?? false;
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <Button
      tone="secondary"
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
      aria-live="polite"
    >
      {done ? 'Copied' : label}
    </Button>
  );
}

/** Display names for the affiliate ids on one page of a list, in one request; '…' until they arrive. */
export function useAffiliateNames(ids: string[]) {
  const trpc = useTRPC();
  const unique = [...new Set(ids)].sort();
  const q = useQuery({ ...trpc.affiliates.names.queryOptions({ ids: unique }), enabled: unique.length > 0 });
  const names = new Map((q.data?.data ?? []).map((a) => [a.id, a.label]));
  return (id: string) => names.get(id) ?? (q.isFetched ? 'unknown affiliate' : '…');
}

/** A list's filter select ("All" plus the values), its value kept in the URL by the caller. */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (v: string) => void }) {
  return (
    <label className="text-sm">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className={inputCls}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}
