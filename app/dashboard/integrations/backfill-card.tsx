'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, date, inputCls } from '../../_components/ui';
import type { Status } from './types';

const DAY = 86_400_000;
// The server's bound (docs/integrations/stripe.md "Backfill"): the form offers no earlier day.
const MAX_DAYS = 730;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const PHASES: Record<string, string> = { checkouts: 'reading checkouts', customers: 'reading customers', invoices: 'reading paid invoices', transactions: 'reading completed transactions', done: 'done' };
// What each provider's backfill reads (server/integrations/<provider>/backfill.ts).
const READS: Record<string, string> = {
  stripe: 'the checkouts and paid invoices since a date (at most two years back) and every customer tagged with a referral',
  paddle: 'the completed transactions since a date (at most two years back) and the customers they name',
};

/** Brings in past customers and payments with the API key; its progress, polled while it runs. */
export function BackfillCard({ status, canWrite }: { status: Status; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const latest = useQuery({
    ...trpc.integrations.backfill.queryOptions({ provider: status.provider }),
    refetchInterval: (q) => (q.state.data?.data?.status === 'running' ? 2_000 : false),
  });
  const start = useMutation(trpc.integrations.startBackfill.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.integrations.backfill.queryKey() }) }));
  if (!status.api_key?.backfill) return null;
  const b = latest.data?.data ?? null;
  const running = b?.status === 'running';
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    start.mutate({ provider: status.provider, since: String(new FormData(e.currentTarget).get('since')) });
  }
  const now = Date.now();
  return (
    <Card title="Bring in past sales">
      <div className="space-y-3 text-sm">
        <p>
          Reads {READS[status.provider]}, through the API key, and records them as the events would have. A sale already recorded stays one conversion.
        </p>
        {canWrite && status.api_key?.hint && (
          <form onSubmit={submit} aria-label="Backfill" className="flex flex-wrap items-end gap-2">
            <label>
              Since
              <input name="since" type="date" required min={day(now - MAX_DAYS * DAY)} max={day(now)} defaultValue={day(now - 90 * DAY)} className={inputCls} />
            </label>
            <Button disabled={start.isPending || running}>{running ? 'Backfill running…' : 'Start backfill'}</Button>
          </form>
        )}
        {!status.api_key?.hint && <p className="text-slate-500">Save an API key first.</p>}
        <ErrorNote error={start.error ?? latest.error} />
        {b && (
          <dl aria-label="Backfill progress" className="grid gap-2 sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">Backfill since {b.since.slice(0, 10)}</dt>
              <dd data-testid="backfill-status">
                <Badge value={b.status} /> {b.status === 'running' && <span>{PHASES[b.phase]}{b.through ? ` (through ${b.through.slice(0, 10)})` : ''}</span>}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Read</dt>
              <dd data-testid="backfill-read">
                {status.provider === 'paddle' ? `${b.transactions} transactions, ${b.customers} customers` : `${b.checkouts} checkouts, ${b.customers} customers, ${b.invoices} invoices`}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Made</dt>
              <dd data-testid="backfill-made">
                {b.conversions_created} new conversions, {b.conversions_existing} already recorded, {b.linked} customers linked
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{b.finished_at ? 'Finished' : 'Started'}</dt>
              <dd>{date(b.finished_at ?? b.started_at)}</dd>
            </div>
          </dl>
        )}
        {b?.detail && (
          <p data-testid="backfill-detail" className="text-amber-800">
            {b.detail}
          </p>
        )}
      </div>
    </Card>
  );
}
