'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Badge, Button, Card, CopyButton, ErrorNote, QueryState, Table, date, inputCls } from '../../../_components/ui';

const SYNC_LABEL = { pending: 'sync pending', synced: 'in sync', failed: 'sync failed' } as const;

/**
 * The affiliate's coupon codes (docs/codes.md): each with its state here and in the providers,
 * a form to give it one (typed, or generated from its ref code when left empty), and deactivation.
 */
export function CodesCard({ affiliateId, canWrite, active }: { affiliateId: string; canWrite: boolean; active: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const codes = useQuery(trpc.affiliates.codes.queryOptions({ id: affiliateId, limit: 100 }));
  const [text, setText] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.affiliates.codes.queryKey({ id: affiliateId, limit: 100 }) });
  const create = useMutation(
    trpc.affiliates.createCode.mutationOptions({
      onSuccess: (r) => {
        toast(`Code ${r.data.code} created.`);
        setText('');
        return refresh();
      },
    }),
  );
  const deactivate = useMutation(
    trpc.affiliates.deactivateCode.mutationOptions({
      onSuccess: (r) => {
        toast(`Code ${r.data.code} deactivated.`);
        return refresh();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim();
    create.mutate({ id: affiliateId, ...(code ? { code } : {}) });
  };
  const rows = codes.data?.data ?? [];
  return (
    <Card title="Coupon codes">
      <QueryState q={codes} empty={rows.length === 0} onEmpty="No codes yet.">
        <Table label="Coupon codes" head={['Code', 'State', 'Providers', 'Made by', 'Created', '']}>
          {rows.map((c) => (
            <tr key={c.id} className="border-t" data-testid="code-row">
              <td className="p-3">
                <span className="flex items-center gap-2">
                  <code className="font-mono">{c.code}</code>
                  {c.status === 'active' && <CopyButton text={c.code} />}
                </span>
              </td>
              <td className="p-3">
                <Badge value={c.status} />
                {c.deactivated_reason && <span className="ml-1 text-xs text-slate-500">{c.deactivated_reason.replace(/_/g, ' ')}</span>}
              </td>
              <td className="p-3">
                <span className={c.sync_state === 'failed' ? 'text-red-700' : 'text-slate-600'}>{SYNC_LABEL[c.sync_state]}</span>
                {c.sync_error && <p className="text-xs text-red-700">{c.sync_error}</p>}
              </td>
              <td className="p-3">{c.source}</td>
              <td className="p-3">{date(c.created_at)}</td>
              <td className="p-3 text-right">
                {canWrite && c.status === 'active' && (
                  <Button tone="secondary" className="py-1" disabled={deactivate.isPending} onClick={() => deactivate.mutate({ id: affiliateId, code_id: c.id })}>
                    Deactivate
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </QueryState>
      {canWrite && active && (
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2 text-sm">
          <label className="min-w-48 flex-1">
            <span className="text-xs text-slate-500">New code (3-32 letters and digits; empty: made from the ref code)</span>
            <input
              className={`${inputCls} font-mono`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={32}
              pattern="[A-Za-z0-9]{3,32}"
              title="3-32 letters and digits"
            />
          </label>
          <Button type="submit" disabled={create.isPending}>Create code</Button>
        </form>
      )}
      {canWrite && !active && <p className="mt-3 text-xs text-slate-500">Codes are made for active affiliates only.</p>}
      <ErrorNote error={create.error ?? deactivate.error} />
    </Card>
  );
}
