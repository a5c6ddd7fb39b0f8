'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Card, QueryState } from '../../../_components/ui';
import { RatePreview } from './rate-preview';
import { RuleForm } from './rule-form';
import { lengthText, rateText, type Rule } from './rule-text';
import { RulesList } from './rules-list';

/** The campaign's commission rules: listed, edited, added (own terms or a library reward), previewed. */
export function RateEditor({ campaignId, canWrite }: { campaignId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const rules = useQuery(trpc.commissionRules.get.queryOptions({ id: campaignId }));
  const products = useQuery(trpc.products.list.queryOptions({ limit: 200 }));
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  const [editing, setEditing] = useState<Rule | null>(null);
  const [notice, setNotice] = useState('');
  const catalog = products.data?.data ?? [];
  const current = rules.data?.data;
  const overrides = rules.data?.product_overrides ?? [];
  return (
    <Card title="Commission rate">
      <QueryState q={rules}>
        <p className="text-sm" data-testid="current-rate">
          {current ? (
            <>Catch-all rate: <strong>{rateText(current)}</strong> ({lengthText(current)})</>
          ) : (
            'No catch-all rate: sales no product or interval rule covers earn nothing.'
          )}
        </p>
        <p className="mb-3 mt-1 text-xs text-slate-500">A sale earns by the first rule that fits: a product rule, then an interval rule, then the catch-all.</p>
        <RulesList
          campaignId={campaignId}
          rules={rules.data?.rules ?? []}
          catalog={catalog}
          canWrite={canWrite}
          editingId={editing?.id ?? null}
          onEdit={(r) => { setEditing(r); setNotice(''); }}
        />
        {overrides.length > 0 && (
          <p className="mt-3 text-sm">
            Products redirected to this campaign&apos;s rate: {overrides.map((p) => `${p.name}${p.commissionable ? '' : ' (not commissionable)'}`).join(', ')}
          </p>
        )}
      </QueryState>
      {canWrite && (
        <RuleForm
          key={editing?.id ?? 'new'}
          campaignId={campaignId}
          rule={editing}
          catalog={catalog}
          onSaved={() => { setNotice('Rule saved.'); setEditing(null); }}
          onCancel={() => setEditing(null)}
        />
      )}
      <p aria-live="polite" className="mt-2 text-sm text-emerald-700">{notice}</p>
      <RatePreview campaignId={campaignId} catalog={catalog} currency={settings.data?.data.currency ?? 'usd'} rulesVersion={rules.dataUpdatedAt} />
    </Card>
  );
}
