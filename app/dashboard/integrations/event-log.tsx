'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, QueryState, Table, date, shortId } from '../../_components/ui';
import type { Provider } from './types';

/** The last 100 events, what each did (or why not), and a replay for writers. */
export function EventLog({ provider, canWrite }: { provider: Provider; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.integrations.events.queryOptions({ provider }));
  const replay = useMutation(
    trpc.integrations.replay.mutationOptions({
      onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trpc.integrations.events.queryKey() }), qc.invalidateQueries({ queryKey: trpc.integrations.status.queryKey() })]),
    }),
  );
  const rows = list.data?.data ?? [];
  return (
    <Card title="Last 100 events">
      <ErrorNote error={replay.error} />
      <QueryState q={list} empty={rows.length === 0}>
        <Table label="Provider events" head={['Received', 'Event', 'Outcome', 'What it did', 'Conversion', canWrite ? 'Actions' : '']}>
          {rows.map((e) => (
            <tr key={e.id} className="border-t">
              <td className="p-3 whitespace-nowrap">{date(e.received_at)}</td>
              <td className="p-3">
                <span className="font-mono text-xs">{e.type}</span>
                {!e.livemode && <span className="ml-1 text-xs text-amber-700">test</span>}
              </td>
              <td className="p-3">
                <Badge value={e.status} />
              </td>
              <td className="max-w-md p-3 text-xs">
                <span className="font-medium">{e.action}</span>
                {e.detail && <span className="text-slate-600">: {e.detail}</span>}
                {e.next_attempt_at && <span className="block text-slate-500">next try {date(e.next_attempt_at)}</span>}
              </td>
              <td className="p-3">{e.conversion_id ? <Link className="text-indigo-700 underline" href={`/dashboard/conversions/${e.conversion_id}`}>{shortId(e.conversion_id)}</Link> : '—'}</td>
              <td className="p-3">
                {/* A rejected event is malformed: replaying it cannot apply it. */}
                {canWrite && e.status !== 'rejected' && (
                  <Button tone="secondary" className="py-1" disabled={replay.isPending} onClick={() => replay.mutate({ provider, id: e.id })}>
                    Replay
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
