'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, Pager, QueryState, Table, date } from '../../_components/ui';
import type { Endpoint } from './types';

const DELIVERY_LIMIT = 50;

/** The endpoint's delivery log, newest first, with redelivery for writers. */
export function Deliveries({ ep, canWrite }: { ep: Endpoint; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const list = useQuery(trpc.webhooks.deliveries.queryOptions({ id: ep.id, limit: DELIVERY_LIMIT, offset }));
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }) }));
  const rows = list.data?.data ?? [];
  return (
    <div className="mt-3">
      <h3 className="mb-2 text-sm font-semibold">Deliveries</h3>
      <ErrorNote error={redeliver.error} />
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label={`Deliveries to ${ep.url}`} head={['Created', 'Event', 'Status', 'Attempts', 'Response', 'Last error', 'Next attempt', canWrite ? 'Actions' : '']}>
          {rows.map((d) => (
            <tr key={d.id} className="border-t">
              <td className="p-3 whitespace-nowrap">{date(d.created_at)}</td>
              <td className="p-3 font-mono text-xs">{d.event_type}</td>
              <td className="p-3">
                <Badge value={d.status} />
              </td>
              <td className="p-3">{d.attempts}</td>
              <td className="p-3 whitespace-nowrap">
                {d.response_status ?? '—'}
                {d.latency_ms !== null && <span className="text-xs text-slate-500"> · {d.latency_ms} ms</span>}
              </td>
              <td className="max-w-xs truncate p-3 text-xs text-slate-600" title={d.last_error ?? undefined}>
                {d.last_error ?? '—'}
              </td>
              <td className="p-3 whitespace-nowrap">{date(d.next_attempt_at)}</td>
              <td className="p-3">
                {canWrite && (
                  <Button tone="secondary" className="py-1" disabled={redeliver.isPending} onClick={() => redeliver.mutate({ id: ep.id, delivery_id: d.id })}>
                    Redeliver
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={DELIVERY_LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
