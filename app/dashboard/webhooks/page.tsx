'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, QueryState, useCanWrite, useUrlFilters } from '../../_components/ui';
import { CreateForm } from './create-form';
import { EndpointItem } from './endpoint-item';

export default function WebhooksPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set } = useUrlFilters(['endpoint'] as const);
  const list = useQuery(trpc.webhooks.list.queryOptions({ limit: 200 }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Webhooks" />
      <p className="text-sm text-slate-600">Signed (Standard Webhooks) HTTPS calls when affiliates, conversions, commissions, payouts or risk flags change.</p>
      {canWrite && <CreateForm />}
      <QueryState q={list} empty={rows.length === 0} onEmpty="No endpoints yet. Add your server's HTTPS address above to receive signed events when conversions, commissions or payouts change.">
        <ul className="space-y-3" aria-label="Webhook endpoints">
          {rows.map((ep) => (
            <EndpointItem key={ep.id} ep={ep} canWrite={canWrite} open={values.endpoint === ep.id} onToggle={() => set({ endpoint: values.endpoint === ep.id ? '' : ep.id })} />
          ))}
        </ul>
      </QueryState>
    </div>
  );
}
