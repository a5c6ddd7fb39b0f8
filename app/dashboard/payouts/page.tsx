'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, FilterSelect, PageHeader, Pager, QueryState, Table, date, focus, money, useAffiliateNames, useCanWrite, useUrlFilters } from '../../_components/ui';
import { BatchPreview } from './batch-preview';
import { ExportCsv } from './export-csv';
import { MarkPaid, totalsByCurrency, type PayoutRow } from './mark-paid';
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
  // The payouts the confirm step is about (one row's "Mark paid", or the selection), and the selection.
  const [confirming, setConfirming] = useState<PayoutRow[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
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
  const undo = useMutation(
    trpc.payouts.undo.mutationOptions({
      onSuccess: (r) => {
        toast(`Payout of ${money(r.data.amount, r.data.currency)} is pending again.`);
        return refresh();
      },
    }),
  );
  function marked(text: string | null) {
    setConfirming(null);
    if (text === null) return;
    setSelected(new Set());
    toast(text);
    return refresh();
  }
  const rows = list.data?.data ?? [];
  const pendingRows = rows.filter((p) => p.status === 'pending');
  const chosen = pendingRows.filter((p) => selected.has(p.id));
  const allChosen = pendingRows.length > 0 && chosen.length === pendingRows.length;
  const toggle = (id: string, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  // Undo is offered while the API would take it: marked paid by hand, within 24 hours.
  const undoable = (p: PayoutRow) => p.undo_until !== null && Date.parse(p.undo_until) > Date.now();
  const nameOf = useAffiliateNames(rows.map((p) => p.affiliate_id));
  // The Send button sits on the first row shown of each batch that still has pending lines.
  const sendOn = new Map<string, string>();
  for (const p of rows) if (p.batch_id && p.status === 'pending' && !sendOn.has(p.batch_id)) sendOn.set(p.batch_id, p.id);
  return (
    <div className="space-y-4">
      <PageHeader title="Payouts">
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
          <ExportCsv />
          {canWrite && (
            <Button disabled={previewing} onClick={() => { setNote(null); setPreviewing(true); }}>Create payout batch</Button>
          )}
        </div>
      </PageHeader>
      <div aria-live="polite">
        {note && <p className="text-sm text-slate-700">{note}</p>}
        <ErrorNote error={settle.error ?? undo.error} />
      </div>
      {previewing && <BatchPreview onDone={batchDone} />}
      {confirming && <MarkPaid key={confirming.map((p) => p.id).join()} rows={confirming} nameOf={nameOf} onDone={marked} />}
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
        {canWrite && pendingRows.length > 0 && (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={allChosen} onChange={(e) => setSelected(new Set(e.target.checked ? pendingRows.map((p) => p.id) : []))} />
              Select all pending on this page
            </label>
            {chosen.length > 0 && (
              <>
                <span data-testid="selection">{chosen.length} selected: {totalsByCurrency(chosen)}</span>
                <Button className="py-1" disabled={!!confirming} onClick={() => setConfirming(chosen)}>Mark selected paid</Button>
              </>
            )}
          </div>
        )}
        <Table cards label="Payouts" head={[...(canWrite ? ['Select'] : []), 'Created', 'Affiliate', 'Amount', 'Commissions', 'Status', 'Paid', canWrite ? 'Actions' : '', canWrite ? 'Batch' : '']}>
          {rows.map((p) => (
            <tr key={p.id} className="border-t">
              {canWrite && (
                <td className="p-3" data-label="Select">
                  {p.status === 'pending' && (
                    <input type="checkbox" aria-label={`Select payout of ${money(p.amount, p.currency)} to ${nameOf(p.affiliate_id)}`} checked={selected.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                  )}
                </td>
              )}
              <td className="p-3 whitespace-nowrap" data-label="Created">{date(p.created_at)}</td>
              <td className="p-3" data-label="Affiliate"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${p.affiliate_id}`}>{nameOf(p.affiliate_id)}</Link></td>
              <td className="p-3" data-label="Amount">{money(p.amount, p.currency)}</td>
              <td className="p-3" data-label="Commissions">{p.commission_ids.length}</td>
              <td className="p-3" data-label="Status">
                <Badge value={p.status} />
                {p.failure_reason && <p className="mt-1 max-w-xs text-xs text-slate-600">{p.failure_reason}</p>}
              </td>
              <td className="p-3" data-label="Paid">
                <span className="whitespace-nowrap">{date(p.paid_at)}</span>
                {p.reference && <p className="mt-1 max-w-xs break-all text-xs text-slate-600">Ref. {p.reference}</p>}
              </td>
              <td className="p-3">
                {canWrite && p.status === 'pending' && (
                  <div className="flex gap-2">
                    <Button className="py-1" disabled={settle.isPending} onClick={() => setConfirming([p])}>Mark paid</Button>
                    <Button tone="secondary" className="py-1" disabled={settle.isPending} onClick={() => settle.mutate({ id: p.id, status: 'failed' })}>Mark failed</Button>
                  </div>
                )}
                {canWrite && undoable(p) && (
                  <Button tone="secondary" className="py-1" disabled={undo.isPending} title={`Marked paid by hand: can be set back to pending until ${date(p.undo_until)}`} onClick={() => undo.mutate({ id: p.id })}>Undo paid</Button>
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
