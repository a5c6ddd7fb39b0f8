'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, PageHeader, QueryState, Table, focus, money, useCanWrite } from '../../_components/ui';
import { CreateGroupForm } from './create-form';
import { EditGroup } from './edit-group';

// The partner groups (docs/groups-bounties-recruiters.md#groups): each with its affiliate count,
// its terms and, over the last 30 days, its report (GET /v1/reports/groups).
export default function GroupsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const list = useQuery(trpc.groups.list.queryOptions({ limit: 100, offset: 0 }));
  const report = useQuery(trpc.reports.groups.queryOptions({}));
  const rows = list.data?.data ?? [];
  const stats = new Map((report.data?.data.groups ?? []).map((g) => [g.group_id, g]));
  const [editing, setEditing] = useState<string | null>(null);
  const chosen = rows.find((g) => g.id === editing);
  return (
    <div className="space-y-6">
      <PageHeader title="Groups" />
      <p className="text-sm text-slate-600">
        Every affiliate is in one group. A group can override the campaigns&apos; commission rules, give its own customer discount, and has its own join page.
      </p>
      {canWrite && <CreateGroupForm />}
      <QueryState q={list}>
        <Table label="Groups" head={['Group', 'Join page', 'Affiliates', 'Auto-approve', 'Discount', 'Clicks (30 d)', 'Conversions (30 d)', 'Revenue / commissions (30 d)', canWrite ? 'Actions' : '']}>
          {rows.map((g) => {
            const s = stats.get(g.id);
            return (
              <tr key={g.id} className="border-t" data-testid={`group-row-${g.slug}`}>
                <td className="p-3 font-medium">
                  {g.name} {g.is_default && <Badge value="default" />}
                </td>
                <td className="p-3 font-mono text-xs">/join/…/{g.slug}</td>
                <td className="p-3">
                  <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates?group_id=${g.id}`}>{g.affiliate_count ?? 0}</Link>
                </td>
                <td className="p-3">{g.auto_approve === null ? 'workspace setting' : g.auto_approve ? 'yes' : 'no'}</td>
                <td className="p-3">
                  {g.customer_discount
                    ? g.customer_discount.type === 'percent'
                      ? `${g.customer_discount.amount}%`
                      : money(g.customer_discount.amount, g.customer_discount.currency ?? 'usd')
                    : "campaign's"}
                </td>
                <td className="p-3">{s?.clicks ?? 0}</td>
                <td className="p-3">{s?.conversions ?? 0}</td>
                <td className="p-3">
                  {s && s.by_currency.length > 0 ? s.by_currency.map((c) => <div key={c.currency}>{money(c.revenue, c.currency)} / {money(c.commissions, c.currency)}</div>) : '—'}
                </td>
                <td className="p-3">
                  {canWrite && (
                    <Button tone="secondary" className="py-1" aria-label={`Edit ${g.name}`} onClick={() => setEditing(editing === g.id ? null : g.id)}>
                      Edit
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      </QueryState>
      {chosen && canWrite && <EditGroup key={chosen.id} group={chosen} groups={rows} onDone={() => setEditing(null)} />}
    </div>
  );
}
