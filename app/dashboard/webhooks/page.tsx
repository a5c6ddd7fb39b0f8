'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Suspense, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, CopyButton, ErrorNote, PageHeader, Pager, QueryState, Table, date, focus, inputCls, useCanWrite, useUrlFilters } from '../../_components/ui';
import { EVENT_TYPES } from '@/server/domain/events/catalog';
import type { AppRouter } from '@/server/routers/root';

type Endpoint = inferRouterOutputs<AppRouter>['webhooks']['list']['data'][number];
type EventName = (typeof EVENT_TYPES)[number] | '*';
const DELIVERY_LIMIT = 50;

/** Checkboxes for the event catalog; "All events" subscribes to `*` (and future events). */
function EventsPicker({ value, onChange, legend = 'Events' }: { value: string[]; onChange: (v: EventName[]) => void; legend?: string }) {
  const all = value.includes('*');
  const toggle = (e: EventName) => onChange((value.includes(e) ? value.filter((x) => x !== e) : [...value, e]) as EventName[]);
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{legend}</legend>
      <label className="mt-1 flex items-center gap-2">
        <input type="checkbox" checked={all} onChange={() => onChange(all ? [] : ['*'])} className={focus} />
        All events, including future ones
      </label>
      <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {EVENT_TYPES.map((e) => (
          <label key={e} className={`flex items-center gap-2 ${all ? 'text-slate-400' : ''}`}>
            <input type="checkbox" disabled={all} checked={all || value.includes(e)} onChange={() => toggle(e)} className={focus} />
            <span className="font-mono text-xs">{e}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [events, setEvents] = useState<EventName[]>(['*']);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (r) => {
        setCreated({ url: r.data.url, secret: r.data.secret });
        return qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const description = String(f.get('description') || '');
    setCreated(null);
    create.mutate({ url: String(f.get('url')), events, ...(description ? { description } : {}) });
  }
  return (
    <Card title="Add an endpoint">
      <form onSubmit={submit} aria-label="Add webhook endpoint" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm">
            Endpoint URL
            <input name="url" type="url" required placeholder="https://example.com/webhooks/refcount" className={inputCls} />
          </label>
          <label className="text-sm">
            Description
            <input name="description" maxLength={1000} className={inputCls} />
          </label>
        </div>
        <EventsPicker value={events} onChange={setEvents} />
        <Button disabled={create.isPending || events.length === 0}>{create.isPending ? 'Adding…' : 'Add endpoint'}</Button>
        <div aria-live="polite">
          <ErrorNote error={create.error} />
          {created && (
            <div className="mt-2 rounded border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <p className="font-medium">Endpoint {created.url} added. Its signing secret is shown only now:</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code data-testid="webhook-secret" className="rounded bg-white px-2 py-1 font-mono text-xs break-all">
                  {created.secret}
                </code>
                <CopyButton text={created.secret} />
              </div>
            </div>
          )}
        </div>
      </form>
    </Card>
  );
}

function EditForm({ ep, onDone }: { ep: Endpoint; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [active, setActive] = useState(ep.active);
  const [events, setEvents] = useState<EventName[]>(ep.events as EventName[]);
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: () => {
        onDone();
        return qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  return (
    <form
      className="mt-3 space-y-3 rounded border p-3"
      aria-label={`Edit ${ep.url}`}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: ep.id, active, events });
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className={focus} />
        Active
      </label>
      <EventsPicker value={events} onChange={setEvents} />
      <div className="flex gap-2">
        <Button disabled={update.isPending || events.length === 0}>{update.isPending ? 'Saving…' : 'Save endpoint'}</Button>
        <Button type="button" tone="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <ErrorNote error={update.error} />
    </form>
  );
}

function Deliveries({ ep, canWrite }: { ep: Endpoint; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const list = useQuery(trpc.webhooks.deliveries.queryOptions({ id: ep.id, limit: DELIVERY_LIMIT, offset }));
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }) }));
  const rows = list.data?.data ?? [];
  return (
    <div className="mt-3">
      <h3 className="mb-2 text-sm font-semibold">Deliveries</h3>
      <ErrorNote error={redeliver.error} />
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label={`Deliveries to ${ep.url}`} head={['Created', 'Event', 'Status', 'Attempts', 'Response', 'Last error', 'Next attempt', canWrite ? 'Actions' : '']}>
          {rows.map((d) => (
            <tr key={d.id} className="border-t">
              <td className="p-3 whitespace-nowrap">{date(d.created_at)}</td>
              <td className="p-3 font-mono text-xs">{d.event_type}</td>
              <td className="p-3">
                <Badge value={d.status} />
              </td>
              <td className="p-3">{d.attempts}</td>
              <td className="p-3 whitespace-nowrap">
                {d.response_status ?? '—'}
                {d.latency_ms !== null && <span className="text-xs text-slate-500"> · {d.latency_ms} ms</span>}
              </td>
              <td className="max-w-xs truncate p-3 text-xs text-slate-600" title={d.last_error ?? undefined}>
                {d.last_error ?? '—'}
              </td>
              <td className="p-3 whitespace-nowrap">{date(d.next_attempt_at)}</td>
              <td className="p-3">
                {canWrite && (
                  <Button tone="secondary" className="py-1" disabled={redeliver.isPending} onClick={() => redeliver.mutate({ id: ep.id, delivery_id: d.id })}>
                    Redeliver
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={DELIVERY_LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}

function EndpointItem({ ep, canWrite, open, onToggle }: { ep: Endpoint; canWrite: boolean; open: boolean; onToggle: () => void }) {
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

function Webhooks() {
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
      <QueryState q={list} empty={rows.length === 0}>
        <ul className="space-y-3" aria-label="Webhook endpoints">
          {rows.map((ep) => (
            <EndpointItem key={ep.id} ep={ep} canWrite={canWrite} open={values.endpoint === ep.id} onToggle={() => set({ endpoint: values.endpoint === ep.id ? '' : ep.id })} />
          ))}
        </ul>
      </QueryState>
    </div>
  );
}

export default function WebhooksPage() {
  return (
    <Suspense>
      <Webhooks />
    </Suspense>
  );
}
