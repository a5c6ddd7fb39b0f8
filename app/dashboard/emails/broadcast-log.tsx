'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { Card, date, QueryState, Table } from '../../_components/ui';

/** The broadcasts sent, newest first, with how many of their e-mails wait, went out or failed. */
export function BroadcastLog() {
  const trpc = useTRPC();
  // Counts move while the outbox sends: read again every few seconds.
  const list = useQuery({ ...trpc.broadcasts.list.queryOptions({ limit: 20 }), refetchInterval: 5_000 });
  const rows = list.data?.data ?? [];
  return (
    <Card title="Broadcast log">
      <QueryState q={list} empty={rows.length === 0} onEmpty="No broadcast sent yet.">
        <Table label="Broadcasts" head={['Sent', 'Subject', 'Recipients', 'Queued', 'Sent', 'Failed']}>
          {rows.map((b) => (
            <tr key={b.id} className="border-t" data-testid="broadcast-row">
              <td className="p-2 whitespace-nowrap">{date(b.created_at)}</td>
              <td className="p-2">{b.subject}</td>
              <td className="p-2">{b.recipients}</td>
              <td className="p-2">{b.queued}</td>
              <td className="p-2">{b.sent}</td>
              <td className="p-2">{b.failed}</td>
            </tr>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
