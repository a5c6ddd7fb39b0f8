'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Badge, Button, ErrorNote, PageHeader, QueryState, useCanWrite } from '../../../_components/ui';
import { Kpis } from '../../_stats/kpis';
import { MetricChart } from '../../_stats/metric-chart';
import { CampaignAffiliates } from './campaign-affiliates';
import { DetailsForm } from './details-form';
import { DiscountForm } from './discount-form';
import { RateEditor } from './rate-editor';
import { CAMPAIGN_STATUSES } from '@/server/model/enums';

const STATUSES = CAMPAIGN_STATUSES;
const VERB = { active: 'Activate', paused: 'Pause', archived: 'Archive' } as const;

export default function CampaignPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const canWrite = useCanWrite();
  const campaign = useQuery(trpc.campaigns.get.queryOptions({ id }));
  const setStatus = useMutation(
    trpc.campaigns.setStatus.mutationOptions({
      onSuccess: (r) => { toast(`Campaign ${r.data.status}.`); return qc.invalidateQueries({ queryKey: trpc.campaigns.pathKey() }); },
    }),
  );
  const c = campaign.data?.data;
  return (
    <QueryState q={campaign}>
      {c && (
        <div className="space-y-6">
          <PageHeader title={c.name}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge value={c.status} />
              {canWrite && STATUSES.filter((s) => s !== c.status).map((s) => (
                <Button key={s} tone="secondary" className="py-1" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id, status: s })}>
                  {VERB[s]}
                </Button>
              ))}
            </div>
          </PageHeader>
          <ErrorNote error={setStatus.error} />
          <Kpis filters={{ campaign_id: id }} />
          <MetricChart filters={{ campaign_id: id }} />
          <CampaignAffiliates campaignId={id} />
          <DetailsForm c={c} canWrite={canWrite} />
          <DiscountForm key={c.updated_at} c={c} canWrite={canWrite} />
          <RateEditor campaignId={id} canWrite={canWrite} />
        </div>
      )}
    </QueryState>
  );
}
