'use client';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText, useTRPC } from '../../_components/providers';

const STATUS_STYLE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  paused: 'bg-amber-100 text-amber-800',
  archived: 'bg-slate-200 text-slate-700',
};

export default function CampaignsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.campaigns.list.queryOptions({ limit: 100 }));
  const [name, setName] = useState('');
  const [destination, setDestination] = useState('');
  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: () => {
        setName('');
        setDestination('');
        return queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name, ...(destination ? { destination_url: destination } : {}) });
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Campaigns</h1>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm" aria-label="New campaign">
        <label className="text-sm">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required className="mt-1 block w-64 rounded border px-3 py-2" />
        </label>
        <label className="text-sm">
          Destination URL
          <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder="https://…" className="mt-1 block w-80 rounded border px-3 py-2" />
        </label>
        <button disabled={create.isPending} className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
          {create.isPending ? 'Creating…' : 'Create campaign'}
        </button>
        {create.error && <p role="alert" className="w-full text-sm text-red-700">{errorText(create.error)}</p>}
      </form>
      {list.isLoading ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : list.error ? (
        <p role="alert" className="text-sm text-red-700">{errorText(list.error)}</p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg bg-white text-sm shadow-sm">
          <thead className="bg-slate-100 text-left text-slate-600">
            <tr>
              <th className="p-3">Name</th>
              <th className="p-3">Status</th>
              <th className="p-3">Attribution</th>
              <th className="p-3">Cookie window</th>
              <th className="p-3">Destination</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.data.map((c) => (
              <tr key={c.id} className="border-t">
                <td className="p-3 font-medium">
                  <Link href={`/dashboard/campaigns/${c.id}`} className="text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">{c.name}</Link>
                </td>
                <td className="p-3">
                  <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[c.status]}`}>{c.status}</span>
                </td>
                <td className="p-3">{c.attribution_model.replace('_', ' ')}</td>
                <td className="p-3">{c.cookie_window_days} days</td>
                <td className="p-3 text-slate-600">{c.destination_url ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
