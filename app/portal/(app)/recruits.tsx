'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { Badge, Card, CopyButton, QueryState, Table, date, money } from '../../_components/ui';

/**
 * The affiliate's recruit link and its recruits, each with what the affiliate earned on it
 * (docs/groups-bounties-recruiters.md#recruiters-two-tier).
 */
export function Recruits() {
  const trpc = useTRPC();
  const recruits = useQuery(trpc.portal.recruits.queryOptions({ limit: 50 }));
  const url = recruits.data?.recruit_url;
  const rows = recruits.data?.data ?? [];
  return (
    <Card title="Recruit other partners">
      <QueryState q={recruits}>
        <div className="space-y-4 text-sm">
          {url && (
            <div className="space-y-1">
              <p className="text-slate-600">Partners who join through this link are your recruits: you may earn on what they earn, by your program&apos;s terms.</p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono" data-testid="recruit-url">{url}</code>
                <CopyButton text={url} label="Copy link" />
              </div>
            </div>
          )}
          {rows.length === 0 ? (
            <p className="text-slate-600">No recruits yet.</p>
          ) : (
            <Table label="Your recruits" head={['Partner', 'Joined', 'Status', 'You earned']}>
              {rows.map((r) => (
                <tr key={r.id} className="border-t" data-testid="recruit-row">
                  <td className="p-3">{r.name ?? '—'}</td><td className="p-3">{date(r.recruited_at)}</td>
                  <td className="p-3"><Badge value={r.status} /></td>
                  <td className="p-3">{r.earned.length ? r.earned.map((e) => money(e.amount, e.currency)).join(', ') : '—'}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      </QueryState>
    </Card>
  );
}
