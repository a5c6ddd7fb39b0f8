'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Badge, Button, Card, CopyButton, ErrorNote, PageHeader, QueryState, date, focus, useCanWrite } from '../../../_components/ui';
import { Kpis } from '../../_stats/kpis';
import { MetricChart } from '../../_stats/metric-chart';
import { StatusActions } from '../status-actions';
import { CampaignField } from './campaign-field';
import { GroupField } from './group-field';
import { CodesCard } from './codes-card';
import { InlineField } from './inline-field';
import { CommissionHold } from './commission-hold';
import { LinksCard } from './links-card';
import { TaxFormCard } from './tax-form-card';
import { PayoutMethod } from './payout-method';

function Access({ affiliateId }: { affiliateId: string }) {
  const trpc = useTRPC();
  const [shown, setShown] = useState<{ label: string; value: string } | null>(null);
  const invite = useMutation(trpc.team.inviteLink.mutationOptions({ onSuccess: (r) => setShown({ label: 'Invitation link', value: r.url }) }));
  const key = useMutation(trpc.affiliates.createKey.mutationOptions({ onSuccess: (r) => setShown({ label: 'Affiliate API key', value: r.data.token }) }));
  return (
    <Card title="Portal and API access">
      <div className="flex flex-wrap gap-2">
        <Button tone="secondary" onClick={() => invite.mutate({ affiliate_id: affiliateId })} disabled={invite.isPending}>
          New invitation link
        </Button>
        <Button tone="secondary" onClick={() => key.mutate({ id: affiliateId })} disabled={key.isPending}>
          Create read-only API key
        </Button>
      </div>
      {shown && (
        <div className="mt-3 space-y-1 text-sm" aria-live="polite">
          <p className="font-medium">{shown.label} (shown once; the previous invitation link stops working):</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="secret" className="rounded bg-amber-50 px-2 py-1 break-all">{shown.value}</code>
            <CopyButton text={shown.value} />
          </div>
        </div>
      )}
      <ErrorNote error={invite.error ?? key.error} />
    </Card>
  );
}

function Risk({ affiliateId }: { affiliateId: string }) {
  const trpc = useTRPC();
  const risk = useQuery({ ...trpc.risk.flags.queryOptions({ affiliate_id: affiliateId, include_dismissed: 'true', limit: 10 }), retry: false });
  return (
    <Card title="Risk">
      {risk.error ? (
        <p className="text-sm text-slate-500">Risk assessments are not available.</p>
      ) : (
        <QueryState q={risk}>
          {risk.data?.data.length === 0 && <p className="text-sm text-slate-500">Not assessed yet.</p>}
          <ul className="space-y-2 text-sm">
            {risk.data?.data.map((r, i) => (
              <li key={i}>
                <Badge value={r.risk_level} /> score {r.score} · {r.recommended_action.replace(/_/g, ' ')} · {date(r.created_at)}
                <p className="text-slate-600">{r.summary}</p>
                {r.flags.length > 0 && <p className="text-xs text-slate-500">Flags: {r.flags.join(', ')}</p>}
              </li>
            ))}
          </ul>
        </QueryState>
      )}
    </Card>
  );
}

export default function AffiliatePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const aff = useQuery(trpc.affiliates.get.queryOptions({ id }));
  const a = aff.data?.data;
  return (
    <QueryState q={aff}>
      {a && (
        <div className="space-y-6">
          <PageHeader title={a.name ?? a.email ?? a.ref_code}>{canWrite && <StatusActions id={a.id} status={a.status} who={a.name ?? a.email ?? a.ref_code} />}</PageHeader>
          <Card>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div><dt className="text-slate-500">Status</dt><dd><Badge value={a.status} /></dd></div>
              <div><dt className="text-slate-500">Name</dt><dd><InlineField id={a.id} field="name" label="Name" value={a.name} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">E-mail</dt><dd><InlineField id={a.id} field="email" label="E-mail" type="email" value={a.email} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">Ref code</dt><dd><InlineField id={a.id} field="ref_code" label="Ref code" mono value={a.ref_code} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">Campaign</dt><dd><CampaignField id={a.id} campaignId={a.campaign_id} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">Group</dt><dd><GroupField id={a.id} groupId={a.group_id} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">Payout e-mail</dt><dd><InlineField id={a.id} field="payout_email" label="Payout e-mail" type="email" optional value={a.payout_email} canWrite={canWrite} /></dd></div>
              <div><dt className="text-slate-500">Payout method</dt><dd><PayoutMethod affiliateId={a.id} /></dd></div>
              <div><dt className="text-slate-500">Joined</dt><dd>{date(a.created_at)}</dd></div>
              <div><dt className="text-slate-500">Approved</dt><dd>{date(a.approved_at)}</dd></div>
            </dl>
            <CommissionHold id={a.id} who={a.name ?? a.ref_code} heldAt={a.commissions_held_at} canWrite={canWrite} />
            <p className="mt-3 flex gap-4 text-sm">
              <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/conversions?affiliate_id=${a.id}`}>Conversions</Link>
              <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/commissions?affiliate_id=${a.id}`}>Commissions</Link>
            </p>
          </Card>
          <Kpis filters={{ affiliate_id: a.id }} />
          <MetricChart filters={{ affiliate_id: a.id }} />
          <LinksCard affiliateId={a.id} canWrite={canWrite} />
          <CodesCard affiliateId={a.id} canWrite={canWrite} active={a.status === 'active'} />
          <TaxFormCard affiliateId={a.id} />
          {canWrite && <Access affiliateId={a.id} />}
          <Risk affiliateId={a.id} />
        </div>
      )}
    </QueryState>
  );
}
