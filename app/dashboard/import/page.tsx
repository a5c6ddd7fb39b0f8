'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, QueryState, Table, date, inputCls, useCanWrite } from '../../_components/ui';
import { ImportReportView, summary, type Run } from './report';

// Imports a program from another affiliate platform with its API key (docs/moving-from-another-platform.md#from-the-dashboard):
// a dry run first says what would come over, then the import; the import job runs either, and
// this page polls the run every 2 s until it ends. The key stays in this form, never shown back.

const active = (r: Run | null | undefined) => r?.status === 'queued' || r?.status === 'running';

export default function ImportPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const list = useQuery(trpc.imports.list.queryOptions());
  const [peer, setPeer] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [account, setAccount] = useState('');
  const [shownId, setShownId] = useState<string | null>(null);
  const peers = list.data?.peers ?? [];
  const chosen = peer || peers[0]?.name || '';
  const runId = shownId ?? list.data?.data[0]?.id ?? null;
  const run = useQuery({
    ...trpc.imports.get.queryOptions({ id: runId ?? '00000000-0000-0000-0000-000000000000' }),
    enabled: !!runId,
    refetchInterval: (q) => (active(q.state.data?.data) ? 2_000 : false),
  });
  const current = run.data?.data ?? null;
  const ended = current && !active(current);
  // once the shown run ends, the history below shows it too
  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: trpc.imports.list.queryKey() });
  }, [ended, current?.id, qc, trpc]);
  const start = useMutation(
    trpc.imports.start.mutationOptions({
      onSuccess: ({ data }) => {
        setShownId(data.id);
        void qc.invalidateQueries({ queryKey: trpc.imports.list.queryKey() });
      },
    }),
  );
  const busy = start.isPending || active(current);
  const needs = peers.find((p) => p.name === chosen)?.account_label ?? null;
  const ready = !!apiKey && (!needs || !!account.trim());
  const go = (dryRun: boolean) => start.mutate({ peer: chosen as never, api_key: apiKey, ...(needs ? { account: account.trim() } : {}), dry_run: dryRun });
  // Enter in the key field: the preview, or the import once a preview of this platform is shown
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) go(!previewed);
  }
  const label = (name: string) => peers.find((p) => p.name === name)?.label ?? name;
  const previewed = current?.status === 'done' && current.dry_run && current.peer === chosen;

  return (
    <div className="space-y-6">
      <PageHeader title="Import from another platform" />
      <p className="text-sm text-slate-600">
        Bring your campaigns, affiliates, coupon codes, referred customers, commissions and paid payouts over with the other platform&apos;s API key. Preview first: a dry run reads everything and writes
        nothing. Importing again later adds only what is new.
      </p>
      <QueryState q={list}>
        {canWrite ? (
          <Card title="Start">
            <form onSubmit={submit} aria-label="Import" className="space-y-3 text-sm">
              <div className="grid gap-3 sm:grid-cols-2">
                <label>
                  Platform
                  <select name="peer" value={chosen} onChange={(e) => setPeer(e.target.value)} className={inputCls}>
                    {peers.map((p) => (
                      <option key={p.name} value={p.name}>
                        {p.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  API key
                  <input
                    name="api_key"
                    type="password"
                    required
                    maxLength={500}
                    autoComplete="off"
                    spellCheck={false}
                    value={apiKey}
                    onChange={(e) => setApiKey(e.target.value)}
                    className={inputCls}
                  />
                </label>
              </div>
              {needs && (
                <label className="block sm:w-1/2">
                  {needs}
                  <input name="account" required maxLength={100} autoComplete="off" spellCheck={false} value={account} onChange={(e) => setAccount(e.target.value)} className={inputCls} />
                </label>
              )}
              <p className="text-xs text-slate-500">
                {peers.find((p) => p.name === chosen)?.key_hint && <>Where: {peers.find((p) => p.name === chosen)!.key_hint}. </>}
                The key is kept sealed only while the import runs, then deleted; it is never shown again.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" tone={previewed ? 'secondary' : 'primary'} disabled={busy || !ready} onClick={() => go(true)}>
                  Preview (dry run)
                </Button>
                <Button type="button" tone={previewed ? 'primary' : 'secondary'} disabled={busy || !ready} onClick={() => go(false)}>
                  Import
                </Button>
              </div>
              <ErrorNote error={start.error} />
            </form>
          </Card>
        ) : (
          <p className="text-sm text-slate-500">Importing needs the write permission.</p>
        )}
        {current && (
          <Card title={current.dry_run ? 'Preview' : 'Import'}>
            <div className="space-y-3 text-sm" data-testid="import-run">
              <p>
                <Badge value={current.status} /> {label(current.peer)}, {current.dry_run ? 'dry run (nothing written)' : 'import'} started {date(current.created_at)}
                {current.finished_at ? `, ended ${date(current.finished_at)}` : ''}
              </p>
              {active(current) && (
                <p data-testid="import-progress" aria-live="polite">
                  {current.progress ? `Reading ${current.progress.kind}s: page ${current.progress.pages}` : current.status === 'queued' ? 'Waiting to start…' : 'Starting…'}
                </p>
              )}
              {current.error && (
                <p data-testid="import-error" className="text-red-700">
                  {current.error}. Start again to resume: what came over already is not imported twice.
                </p>
              )}
              {current.report && <ImportReportView run={current} />}
              {previewed && <p className="text-indigo-800">Looks right? Press Import to bring it over.</p>}
            </div>
          </Card>
        )}
        {!!list.data?.data.length && (
          <section aria-label="Past imports" className="space-y-2">
            <h2 className="font-semibold">Past imports</h2>
            <Table label="Past imports" head={['Started', 'Platform', 'Kind', 'Status', 'Result']} cards>
              {list.data.data.map((r) => (
                <tr key={r.id} className="border-t">
                  <td className="p-3 whitespace-nowrap" data-label="Started">
                    <button type="button" className="text-indigo-700 underline" onClick={() => setShownId(r.id)}>
                      {date(r.created_at)}
                    </button>
                  </td>
                  <td className="p-3 whitespace-nowrap" data-label="Platform">
                    {label(r.peer)}
                  </td>
                  <td className="p-3 whitespace-nowrap" data-label="Kind">
                    {r.dry_run ? 'dry run' : 'import'}
                  </td>
                  <td className="p-3" data-label="Status">
                    <Badge value={r.status} />
                  </td>
                  <td className="p-3" data-label="Result">
                    {r.error ?? (r.report ? summary(r) : '—')}
                  </td>
                </tr>
              ))}
            </Table>
          </section>
        )}
      </QueryState>
    </div>
  );
}
