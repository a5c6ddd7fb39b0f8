'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, PageHeader, Pager, QueryState, Table, date, focus, useCanWrite, useUrlFilters } from '../../_components/ui';
import { useCampaigns } from './campaign-select';
import { CreateForm } from './create-form';
import { EditRow } from './edit-row';
import { Policy } from './policy';

const LIMIT = 50;

export default function ProductsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const campaigns = useCampaigns();
  const names = new Map(campaigns.map((c) => [c.id, c.name]));
  const { offset, setOffset } = useUrlFilters([] as const);
  const list = useQuery(trpc.products.list.queryOptions({ limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title="Products" />
      <Policy canWrite={canWrite} />
      {canWrite && <CreateForm campaigns={campaigns} />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0} onEmpty="No products yet. Add the products your payment provider sells (their prod_… ids) to give them their own rates, redirect them to a campaign or exclude them.">
        <Table label="Products" head={['Product', 'Provider id', 'Commissionable', 'Campaign redirect', 'Added', canWrite ? 'Actions' : '']}>
          {rows.map((p) =>
            editing === p.id ? (
              <EditRow key={p.id} p={p} campaigns={campaigns} onDone={() => setEditing(null)} />
            ) : (
              <tr key={p.id} className="border-t">
                <td className="p-3 font-medium">{p.name}</td>
                <td className="p-3 font-mono text-xs">{p.provider_product_id}</td>
                <td className="p-3">
                  <Badge value={p.commissionable ? 'yes' : 'no'} />
                </td>
                <td className="p-3">
                  {p.campaign_id ? (
                    <Link href={`/dashboard/campaigns/${p.campaign_id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                      {names.get(p.campaign_id) ?? '…'}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="p-3 whitespace-nowrap">{date(p.created_at)}</td>
                <td className="p-3">
                  {canWrite && (
                    <Button tone="secondary" className="py-1" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p.id)}>
                      Edit
                    </Button>
                  )}
                </td>
              </tr>
            ),
          )}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
