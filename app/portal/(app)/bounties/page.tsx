'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Badge, Button, Card, ErrorNote, PageHeader, QueryState, date, inputCls, money } from '../../../_components/ui';

// The program's bounties as the affiliate sees them (docs/groups-bounties-recruiters.md#bounties):
// progress in the current period, and a form to send proof for a submission bounty.

const PERIOD: Record<string, string> = { all_time: 'once', month: 'each calendar month', week: 'each week' };
const MONEY_METRICS = new Set(['revenue', 'commissions']);

type Bounty = { id: string; name: string; type: string; currency: string; metric: string | null; target: number | null };

function goal(b: Bounty) {
  if (b.type === 'submission') return 'Send proof; the program reviews it.';
  const target = b.metric && MONEY_METRICS.has(b.metric) ? `${money(b.target ?? 0, b.currency)} of ${b.metric}` : `${b.target} ${b.metric}`;
  return `Reach ${target}.`;
}

function ProofForm({ bountyId, name }: { bountyId: string; name: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const submit = useMutation(
    trpc.portal.submitBountyProof.mutationOptions({
      onSuccess: () => {
        toast('Proof sent for review.');
        return qc.invalidateQueries({ queryKey: trpc.portal.bounties.queryKey() });
      },
    }),
  );
  function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const url = String(f.get('proof_url') ?? '').trim();
    const text = String(f.get('proof_text') ?? '').trim();
    submit.mutate({ bounty_id: bountyId, ...(url ? { proof_url: url } : {}), ...(text ? { proof_text: text } : {}) }, { onSuccess: () => form.reset() });
  }
  return (
    <form onSubmit={send} aria-label={`Submit proof for ${name}`} noValidate className="mt-3 flex flex-wrap items-end gap-3">
      <label className="text-sm">
        Link (https)
        <input name="proof_url" type="url" maxLength={2048} placeholder="https://" className={inputCls} />
      </label>
      <label className="grow text-sm">
        Or describe it
        <textarea name="proof_text" maxLength={2000} rows={2} className={inputCls} />
      </label>
      <Button disabled={submit.isPending}>{submit.isPending ? 'Sending…' : 'Submit proof'}</Button>
      <div className="w-full"><ErrorNote error={submit.error} /></div>
    </form>
  );
}

export default function PortalBountiesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.portal.bounties.queryOptions({}));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Bounties" />
      <QueryState q={list} empty={rows.length === 0} onEmpty="No bounties right now.">
        {rows.map((b) => {
          const waiting = b.submissions.some((s) => s.status === 'pending' && s.period_key === b.progress.period_key);
          const pct = b.progress.progress / 100;
          return (
            <Card key={b.id} title={b.name}>
              <p className="text-sm">
                <strong>{money(b.reward_amount, b.currency)}</strong> {PERIOD[b.period]}. {goal(b)}
              </p>
              {b.description && <p className="mt-1 text-sm text-slate-600">{b.description}</p>}
              <div className="mt-3">
                <div
                  role="progressbar"
                  aria-label={`Progress on ${b.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.floor(pct)}
                  className="h-2 w-full overflow-hidden rounded bg-slate-200"
                >
                  <div className="h-2 bg-indigo-600" style={{ width: `${pct}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-500" data-testid="bounty-progress">
                  {b.progress.earned
                    ? 'Earned for this period.'
                    : b.progress.total !== null
                      ? `${b.metric && MONEY_METRICS.has(b.metric) ? money(b.progress.total, b.currency) : b.progress.total} so far (${b.progress.from} to ${b.progress.to})`
                      : waiting
                        ? 'Your proof is waiting for review.'
                        : 'Not submitted yet.'}
                </p>
              </div>
              {b.type === 'submission' && !b.progress.earned && !waiting && <ProofForm bountyId={b.id} name={b.name} />}
              {b.submissions.length > 0 && (
                <ul className="mt-3 space-y-1 text-sm" aria-label={`Your submissions for ${b.name}`}>
                  {b.submissions.map((s) => (
                    <li key={s.id}>
                      <Badge value={s.status} /> {date(s.created_at)}
                      {s.rejection_reason && <span className="text-slate-600"> — {s.rejection_reason.replace(/_/g, ' ')}{s.review_note ? `: ${s.review_note}` : ''}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          );
        })}
      </QueryState>
    </div>
  );
}
