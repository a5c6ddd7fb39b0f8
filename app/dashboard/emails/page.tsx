'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, QueryState, useCanWrite } from '../../_components/ui';
import { BroadcastForm } from './broadcast-form';
import { BroadcastLog } from './broadcast-log';
import { TemplateItem } from './template-item';

// /dashboard/emails: the affiliate e-mails (docs/emails.md): each kind on or off, its wording
// with a preview, and broadcasts with their send log.
export default function EmailsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const templates = useQuery(trpc.emailTemplates.list.queryOptions({}));
  const rows = templates.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="E-mails" />
      <p className="text-sm text-slate-600">
        What your affiliates receive when they are approved, earn, get paid or lose a commission, with your program&apos;s name and colour. Optional e-mails carry a one-click unsubscribe; approval and payout failure always go out while on.
      </p>
      <QueryState q={templates}>
        <ul className="space-y-3" aria-label="E-mail templates">
          {rows.map((t) => (
            <TemplateItem key={t.kind} template={t} canWrite={canWrite} />
          ))}
        </ul>
      </QueryState>
      {canWrite && <BroadcastForm />}
      <BroadcastLog />
    </div>
  );
}
