'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, QueryState, inputCls, useCanWrite } from '../../../_components/ui';
import { RateEditor } from './rate-editor';

const STATUSES = ['active', 'paused', 'archived'] as const;

export default function CampaignPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const campaign = useQuery(trpc.campaigns.get.queryOptions({ id }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
  const update = useMutation(trpc.campaigns.update.mutationOptions({ onSuccess: refresh }));
  const setStatus = useMutation(trpc.campaigns.setStatus.mutationOptions({ onSuccess: refresh }));
  const c = campaign.data?.data;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const dest = String(f.get('destination_url') || '');
    update.mutate({ id, name: String(f.get('campaign_name')), cookie_window_days: Number(f.get('cookie_window_days')), ...(dest ? { destination_url: dest } : {}) });
  }
  return (
    <QueryState q={campaign}>
      {c && (
        <div className="space-y-6">
          <PageHeader title={c.name}>
            <div className="flex items-center gap-2">
              <Badge value={c.status} />
              {canWrite && STATUSES.filter((s) => s !== c.status).map((s) => (
                <Button key={s} tone="secondary" className="py-1" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id, status: s })}>
                  {s === 'active' ? 'Activate' : s === 'paused' ? 'Pause' : 'Archive'}
                </Button>
              ))}
            </div>
          </PageHeader>
          <ErrorNote error={setStatus.error} />
          <Card title="Details">
            <form key={c.id + c.name} onSubmit={submit} aria-label="Edit campaign" className="grid gap-4 sm:grid-cols-3">
              <fieldset disabled={!canWrite} className="contents">
                <label className="text-sm">Campaign name<input name="campaign_name" defaultValue={c.name} required className={inputCls} /></label>
                <label className="text-sm">Landing page<input name="destination_url" defaultValue={c.destination_url ?? ''} placeholder="https://…" className={inputCls} /></label>
                <label className="text-sm">Cookie window (days)<input name="cookie_window_days" type="number" min={1} max={3650} defaultValue={c.cookie_window_days} className={inputCls} /></label>
              </fieldset>
              {canWrite && <div className="sm:col-span-3"><Button disabled={update.isPending}>Save campaign</Button> <ErrorNote error={update.error} /></div>}
            </form>
          </Card>
          <RateEditor campaignId={id} canWrite={canWrite} />
        </div>
      )}
    </QueryState>
  );
}
