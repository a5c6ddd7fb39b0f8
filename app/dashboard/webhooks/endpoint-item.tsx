'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, date } from '../../_components/ui';
import { Deliveries } from './deliveries';
import { EditForm } from './edit-form';
import type { Endpoint } from './types';

export function EndpointItem({ ep, canWrite, open, onToggle }: { ep: Endpoint; canWrite: boolean; open: boolean; onToggle: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [testResult, setTestResult] = useState<string | null>(null);
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (r) => {
        const d = r.data;
        setTestResult(d.status === 'succeeded' ? `Ping delivered (${d.response_status}, ${d.latency_ms} ms).` : `Ping failed: ${d.last_error ?? d.response_status ?? 'no answer'}.`);
        return qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }) }));
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" aria-label={`Endpoint ${ep.url}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{ep.url}</p>
          {ep.description && <p className="text-sm text-slate-600">{ep.description}</p>}
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge value={ep.active ? 'active' : 'paused'} />
            {ep.disabled_reason && <span className="text-red-700">Disabled: {ep.disabled_reason}</span>}
            {ep.failing_since && <span className="text-amber-700">Failing since {date(ep.failing_since)}</span>}
            <span>Events: {ep.events.includes('*') ? 'all' : ep.events.join(', ')}</span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button tone="secondary" aria-expanded={open} onClick={onToggle}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          {canWrite && (
            <>
              <Button tone="secondary" disabled={test.isPending} onClick={() => { setTestResult(null); test.mutate({ id: ep.id }); }}>
                {test.isPending ? 'Sending…' : 'Send test'}
              </Button>
              <Button tone="secondary" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
                Edit
              </Button>
              {confirmDelete ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium">Delete it and its delivery log?</span>
                  <Button tone="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: ep.id })}>
                    Confirm delete
                  </Button>
                  <Button tone="secondary" onClick={() => setConfirmDelete(false)}>
                    Cancel
                  </Button>
                </span>
              ) : (
                <Button tone="danger" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {testResult && <p className="mt-2">{testResult}</p>}
        <ErrorNote error={test.error ?? remove.error} />
      </div>
      {editing && <EditForm ep={ep} onDone={() => setEditing(false)} />}
      {open && <Deliveries ep={ep} canWrite={canWrite} />}
    </li>
  );
}
