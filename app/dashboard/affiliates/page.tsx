'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { StatusActions } from './status-actions';
import { Badge, Button, Card, ErrorNote, FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, useCanWrite, useUrlFilters } from '../../_components/ui';

const LIMIT = 50;
const STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
type Status = (typeof STATUSES)[number];

function InviteForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [result, setResult] = useState<string | null>(null);
  const invite = useMutation(
    trpc.affiliates.invite.mutationOptions({
      onSuccess: (r) => {
        setResult(r.data.created ? `Invited ${r.data.email} as ${r.data.ref_code} (${r.data.status}).` : `${r.data.email} is already an affiliate.`);
        return qc.invalidateQueries({ queryKey: trpc.affiliates.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const name = String(f.get('name') || '');
    invite.mutate({ email: String(f.get('email')), ...(name ? { name } : {}) });
    e.currentTarget.reset();
  }
  return (
    <Card title="Invite an affiliate">
      <form onSubmit={submit} aria-label="Invite affiliate" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Affiliate e-mail
          <input name="email" type="email" required className={inputCls} />
        </label>
        <label className="text-sm">
          Affiliate name
          <input name="name" className={inputCls} />
        </label>
        <Button disabled={invite.isPending}>{invite.isPending ? 'Inviting…' : 'Send invitation'}</Button>
        <div className="w-full" aria-live="polite">
          {result && <p className="text-sm text-emerald-700">{result}</p>}
          <ErrorNote error={invite.error} />
        </div>
      </form>
    </Card>
  );
}

export default function AffiliatesPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status'] as const);
  const status = STATUSES.includes(values.status as Status) ? (values.status as Status) : undefined;
  const list = useQuery(trpc.affiliates.list.queryOptions({ ...defined({ status }), limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Affiliates">
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
      </PageHeader>
      {canWrite && <InviteForm />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label="Affiliates" head={['Affiliate', 'Ref code', 'Status', 'Joined', canWrite ? 'Actions' : '']}>
          {rows.map((a) => (
            <tr key={a.id} className="border-t">
              <td className="p-3">
                <Link href={`/dashboard/affiliates/${a.id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>
                  {a.name ?? a.email ?? a.ref_code}
                </Link>
                <div className="text-xs text-slate-500">{a.email}</div>
              </td>
              <td className="p-3 font-mono text-xs">{a.ref_code}</td>
              <td className="p-3">
                <Badge value={a.status} />
              </td>
              <td className="p-3 whitespace-nowrap">{date(a.created_at)}</td>
              <td className="p-3">{canWrite && <StatusActions id={a.id} status={a.status} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
