'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader } from '../../_components/ui';
import { TrackingCard } from '../onboarding/tracking-snippet';
import { ApiKeys } from './api-keys';
import { BrandingForm } from './branding-form';
import { ProgramForm } from './program-form';
import { Team } from './team';

export default function SettingsPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.team.me.queryOptions());
  const canWrite = me.data?.can_write ?? false;
  return (
    <div className="space-y-6">
      <PageHeader title="Settings">{me.data && <span className="text-sm text-slate-600">Your role: {me.data.role ?? 'key'}</span>}</PageHeader>
      <ProgramForm canWrite={canWrite} />
      <BrandingForm canWrite={canWrite} />
      <TrackingCard />
      <ApiKeys canWrite={canWrite} />
      <Team canWrite={canWrite} isOwner={me.data?.role === 'owner'} />
    </div>
  );
}
