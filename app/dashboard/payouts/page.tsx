'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, FilterSelect, PageHeader, Pager, QueryState, Table, date, focus, money, useAffiliateNames, useCanWrite, useUrlFilters } from '../../_components/ui';
import { BatchPreview } from './batch-preview';
import { SendBatch } from './send-batch';
import { useToast } from '../../_components/toast';

const LIMIT = 50;
const STATUSES = ['pending', 'processing', 'paid', 'failed', 'returned', 'canceled'] as const;

export default function PayoutsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const list = useQuery(trpc.payouts.list.queryOptions({ ...(status ? { status } : {}), limit: LIMIT, offset }));
  const [note, setNote] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.payouts.pathKey() });
  function batchDone(created: number | null, planned: number) {
    setPreviewing(false);
    if (created === null) return;
    const count = `Created ${created} payout${created === 1 ? '' : 's'}.`;
    setNote(created === planned ? count : `${count} The preview showed ${planned}: commissions changed in between.`);
    return refresh();
  }
  const toast = useToast();
  const settle = useMutation(
    trpc.payouts.setStatus.mutationOptions({
      onSuccess: (r) => {
        toast(`Payout of ${money(r.data.amount, r.data.currency)} marked ${r.data.status}.`);
        return refresh();
      },
    }),
  );
  // The CSV comes through the router (the session), not /v1, which would need an API key.
  async function download() {
    const text = await qc.fetchQuery(trpc.payouts.exportCsv.queryOptions({}));
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'payouts.csv' });
    a.click();
    URL.revokeObjectURL(url);
    toast(text ? `Exported ${text.trim().split('\n').length} pending payout(s) as payouts.csv.` : 'No pending payout to export.');
  }
  const rows = list.data?.data ?? [];
  const nameOf = useAffiliateNames(rows.map((p) => p.affiliate_id));
  // The Send button sits on the first row shown of each batch that still has pending lines.
  const sendOn = new Map<string, string>();
  for (const p of rows) if (p.batch_id && p.status === 'pending' && !sendOn.has(p.batch_id)) sendOn.set(p.batch_id, p.id);
  return (
    <div className="space-y-4">
      <PageHeader title="Payouts">
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
          <Button tone="secondary" onClick={download}>Export pending as CSV</Button>
          {canWrite && (
            <Button disabled={previewing} onClick={() => { setNote(null); setPreviewing(true); }}>Create payout batch</Button>
          )}
        </div>
      </PageHeader>
      <div aria-live="polite">
        {note && <p className="text-sm text-slate-700">{note}</p>}
        <ErrorNote error={settle.error} />
      </div>
      {previewing && <BatchPreview onDone={batchDone} />}
      <QueryState
        q={list}
        empty={rows.length === 0 && offset === 0}
        onEmpty={
          <>
            <p>{status ? `No ${status} payouts.` : 'No payouts yet. A batch pays every affiliate whose approved commissions are past their hold and reach the minimum payout.'}</p>
            {canWrite && !status && <Button onClick={() => { setNote(null); setPreviewing(true); }}>Preview a payout batch</Button>}
          </>
        }
      >
        <Table cards label="Payouts" head={['Created', 'Affiliate', 'Amount', 'Commissions', 'Status', 'Paid', canWrite ? 'Actions' : '', canWrite ? 'Batch' : '']}>
          {rows.map((p) => (
            <tr key={p.id} className="border-t">
              <td className="p-3 whitespace-nowrap" data-label="Created">{date(p.created_at)}</td>
              <td className="p-3" data-label="Affiliate"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${p.affiliate_id}`}>{nameOf(p.affiliate_id)}</Link></td>
              <td className="p-3" data-label="Amount">{money(p.amount, p.currency)}</td>
              <td className="p-3" data-label="Commissions">{p.commission_ids.length}</td>
              <td className="p-3" data-label="Status">
                <Badge value={p.status} />
                {p.failure_reason && <p className="mt-1 max-w-xs text-xs text-slate-600">{p.failure_reason}</p>}
              </td>
              <td className="p-3 whitespace-nowrap" data-label="Paid">{date(p.paid_at)}</td>
              <td className="p-3">
                {canWrite && p.status === 'pending' && (
                  <div className="flex gap-2">
                    <Button className="py-1" disabled={settle.isPending} onClick={() => settle.mutate({ id: p.id, status: 'paid' })}>Mark paid</Button>
                    <Button tone="secondary" className="py-1" disabled={settle.isPending} onClick={() => settle.mutate({ id: p.id, status: 'failed' })}>Mark failed</Button>
                  </div>
                )}
              </td>
              <td className="p-3">
                {canWrite && p.batch_id && sendOn.get(p.batch_id) === p.id && (
                  <SendBatch batchId={p.batch_id} pending={rows.filter((r) => r.batch_id === p.batch_id && r.status === 'pending')} onSent={(text) => { toast(text); return refresh(); }} />
                )}
              </td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
