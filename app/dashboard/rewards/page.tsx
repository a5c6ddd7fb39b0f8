'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { Suspense, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, Pager, QueryState, Table, date, focus, inputCls, money, useCanWrite, useUrlFilters } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

const LIMIT = 50;
type Reward = inferRouterOutputs<AppRouter>['rewards']['list']['data'][number];
const LENGTHS = [
  ['one_time', 'First payment only'],
  ['limited', 'Limited months'],
  ['lifetime', 'Lifetime'],
] as const;
type LengthType = (typeof LENGTHS)[number][0];

function terms(r: Reward) {
  const t = r.terms;
  const amount = t.is_flat ? money(t.amount, t.currency ?? 'usd') : `${t.amount}%`;
  const length = t.length_type === 'limited' ? `${t.length_months} months` : t.length_type.replace('_', ' ');
  return `${amount} · ${length}`;
}

function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [flat, setFlat] = useState(false);
  const [length, setLength] = useState<LengthType>('one_time');
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation(
    trpc.rewards.create.mutationOptions({
      onSuccess: (r) => {
        setDone(`Added ${r.data.name}.`);
        return qc.invalidateQueries({ queryKey: trpc.rewards.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const n = Number(f.get('amount'));
    const description = String(f.get('description') || '');
    setDone(null);
    create.mutate(
      {
        name: String(f.get('name')),
        type: f.get('type') === 'non_cash' ? 'non_cash' : 'cash',
        terms: {
          is_flat: flat,
          amount: flat ? Math.round(n * 100) : n,
          length_type: length,
          ...(length === 'limited' ? { length_months: Number(f.get('length_months')) } : {}),
          ...(description ? { description } : {}),
        },
      },
      { onSuccess: () => form.reset() },
    );
  }
  return (
    <Card title="Add a reward">
      <form onSubmit={submit} aria-label="Add reward" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Reward name
          <input name="name" required className={inputCls} />
        </label>
        <label className="text-sm">
          Type
          <select name="type" className={inputCls} defaultValue="cash">
            <option value="cash">cash</option>
            <option value="non_cash">non cash</option>
          </select>
        </label>
        <label className="text-sm">
          Rate type
          <select value={flat ? 'flat' : 'percent'} onChange={(e) => setFlat(e.target.value === 'flat')} className={inputCls}>
            <option value="percent">percent</option>
            <option value="flat">flat amount</option>
          </select>
        </label>
        <label className="text-sm">
          {flat ? 'Amount' : 'Percent'}
          <input name="amount" required inputMode="decimal" pattern="\d+(\.\d{1,2})?" className={`${inputCls} w-28`} />
        </label>
        <label className="text-sm">
          Length
          <select value={length} onChange={(e) => setLength(e.target.value as LengthType)} className={inputCls}>
            {LENGTHS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {length === 'limited' && (
          <label className="text-sm">
            Months
            <input name="length_months" type="number" min={1} max={1200} required defaultValue={12} className={`${inputCls} w-24`} />
          </label>
        )}
        <label className="text-sm">
          Description
          <input name="description" maxLength={1000} className={inputCls} />
        </label>
        <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add reward'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          <ErrorNote error={create.error} />
        </div>
      </form>
    </Card>
  );
}

function ArchiveButton({ r }: { r: Reward }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.rewards.update.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        return qc.invalidateQueries({ queryKey: trpc.rewards.list.queryKey() });
      },
    }),
  );
  if (r.archived)
    return (
      <Button tone="secondary" className="py-1" disabled={update.isPending} onClick={() => update.mutate({ id: r.id, archived: false })}>
        Restore
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span className="text-sm">Archive {r.name}?</span>
          <Button tone="danger" className="py-1" disabled={update.isPending} onClick={() => update.mutate({ id: r.id, archived: true })}>
            Confirm archive
          </Button>
          <Button tone="secondary" className="py-1" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button tone="secondary" className="py-1" aria-label={`Archive ${r.name}`} onClick={() => setConfirming(true)}>
          Archive
        </Button>
      )}
      <ErrorNote error={update.error} />
    </div>
  );
}

function Rewards() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['archived'] as const);
  const includeArchived = values.archived === 'include';
  const list = useQuery(trpc.rewards.list.queryOptions({ ...(includeArchived ? { include_archived: 'true' } : {}), limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Rewards">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={includeArchived} onChange={(e) => set({ archived: e.target.checked ? 'include' : '' })} className={focus} />
          Show archived
        </label>
      </PageHeader>
      <p className="text-sm text-slate-600">Reusable commission terms: a campaign rule copies a reward&apos;s terms when it is set from the library.</p>
      {canWrite && <CreateForm />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label="Rewards" head={['Reward', 'Type', 'Terms', 'Used by', 'Added', canWrite ? 'Actions' : '']}>
          {rows.map((r) => (
            <tr key={r.id} className="border-t">
              <td className="p-3">
                <span className="font-medium">{r.name}</span>
                {r.archived && <span className="ml-2"><Badge value="archived" /></span>}
                {r.terms.description && <span className="block text-xs text-slate-500">{r.terms.description}</span>}
              </td>
              <td className="p-3">{r.type.replace('_', ' ')}</td>
              <td className="p-3 whitespace-nowrap">{terms(r)}</td>
              <td className="p-3">
                {r.used_by_campaigns.length === 0
                  ? '—'
                  : r.used_by_campaigns.map((c, i) => (
                      <span key={c.id}>
                        {i > 0 && ', '}
                        <Link href={`/dashboard/campaigns/${c.id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                          {c.name}
                        </Link>
                      </span>
                    ))}
              </td>
              <td className="p-3 whitespace-nowrap">{date(r.created_at)}</td>
              <td className="p-3">{canWrite && <ArchiveButton r={r} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}

export default function RewardsPage() {
  return (
    <Suspense>
      <Rewards />
    </Suspense>
  );
}
