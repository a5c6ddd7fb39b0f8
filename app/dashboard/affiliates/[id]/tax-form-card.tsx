'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_components/providers';
import { Card, QueryState } from '../../../_components/ui';

// The affiliate's current tax form, tax id masked (docs/paying-affiliates.md#tax-forms).
export function TaxFormCard({ affiliateId }: { affiliateId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.affiliates.taxForm.queryOptions({ id: affiliateId }));
  const f = q.data?.data;
  return (
    <Card title="Tax form">
      <QueryState q={q}>
        {f ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-3" aria-label="Tax form">
            <div><dt className="text-slate-500">Form</dt><dd>{f.kind === 'w9' ? 'W-9' : 'W-8BEN'}</dd></div>
            <div><dt className="text-slate-500">Legal name</dt><dd>{f.legal_name}</dd></div>
            <div><dt className="text-slate-500">Country</dt><dd>{f.country}</dd></div>
            <div><dt className="text-slate-500">Tax id</dt><dd className="font-mono">{f.tax_id_masked}</dd></div>
            <div><dt className="text-slate-500">Signed</dt><dd>{f.signature_name}, {f.signed_on}</dd></div>
          </dl>
        ) : (
          <p className="text-sm">No tax form given yet (the affiliate gives one in the portal).</p>
        )}
      </QueryState>
    </Card>
  );
}
