'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, QueryState, focus, useCanWrite, useUrlFilters } from '../../_components/ui';
import { BackfillCard } from './backfill-card';
import { EventLog } from './event-log';
import { SetupSteps } from './setup-steps';
import { StatusCard } from './status-card';
import { PROVIDERS, type Provider } from './types';

export default function IntegrationsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set } = useUrlFilters(['provider'] as const);
  const provider: Provider = PROVIDERS.find((p) => p.name === values.provider)?.name ?? 'stripe';
  const status = useQuery(trpc.integrations.status.queryOptions({ provider }));
  return (
    <div className="space-y-6">
      <PageHeader title="Integrations" />
      <p className="text-sm text-slate-600">
        Connect your payment provider and its events become conversions, commissions and clawbacks: no server code. Connect PayPal to send payouts through PayPal Payouts.
      </p>
      <div role="tablist" aria-label="Payment provider" className="flex gap-2">
        {PROVIDERS.map((p) => (
          <button
            key={p.name}
            role="tab"
            type="button"
            aria-selected={provider === p.name}
            onClick={() => set({ provider: p.name === 'stripe' ? '' : p.name })}
            className={`rounded border px-3 py-1 text-sm ${provider === p.name ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-800' : 'bg-white'} ${focus}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      <QueryState q={status}>
        {status.data && (
          <>
            <StatusCard status={status.data} />
            <SetupSteps status={status.data} canWrite={canWrite} />
            <BackfillCard status={status.data} canWrite={canWrite} />
            <EventLog provider={provider} canWrite={canWrite} />
          </>
        )}
      </QueryState>
    </div>
  );
}
