'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, QueryState, Table, focus, money } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

type Preview = inferRouterOutputs<AppRouter>['payouts']['preview']['data'];
type Planned = Preview['payouts'][number];
type Skipped = Preview['skipped'][number];
type Waiting = Preview['waiting'][number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function reasonText(s: Skipped, minPayout: number) {
  if (s.reason === 'commissions_held') return 'Commissions on hold';
  if (s.reason === 'no_payout_method') return 'Payout method not ready (PayPal unconfirmed or Stripe onboarding unfinished): see the affiliate';
  if (s.reason === 'net_not_positive') return 'Clawbacks cancel the earnings';
  if (s.reason === 'tax_form_required') return 'No tax form: this year\'s payouts would pass the threshold';
  return `Below the ${money(minPayout, s.currency)} minimum payout`;
}

function waitingText(w: Waiting) {
  const when = w.payable_from ? day(w.payable_from) : null;
  if (w.reason === 'not_approved') return when ? `Not approved yet; payable from ${when} once approved` : 'Not approved yet: approve them to pay them now';
  return `In the hold period until ${when}`;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function Payee({ p }: { p: Pick<Planned, 'affiliate' | 'affiliate_id'> }) {
  const label = p.affiliate?.name ?? p.affiliate?.email ?? p.affiliate?.ref_code ?? 'unknown affiliate';
  return (
    <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${p.affiliate_id}`}>
      {label}
    </Link>
  );
}

/**
 * What "Create payout batch" would do, read before anything is written: the same plan the batch
 * runs (GET /v1/payouts/preview). `onDone` gets the number of payouts created, or null on cancel.
 */
export function BatchPreview({ onDone }: { onDone: (created: number | null, planned: number) => void }) {
  const trpc = useTRPC();
  // Always fresh: a preview from a minute ago may no longer be what the batch would do.
  const preview = useQuery({ ...trpc.payouts.preview.queryOptions({}), staleTime: 0, gcTime: 0 });
  const plan = preview.data?.data;
  const count = plan?.payouts.length ?? 0;
  const create = useMutation(trpc.payouts.create.mutationOptions({ onSuccess: (r) => onDone(r.data.length, count) }));
  return (
    <Card title="Payout batch preview">
      <QueryState q={preview}>
        {plan && (
          <div className="space-y-4">
            {count === 0 ? (
              <p className="text-sm text-slate-600" data-testid="nothing-to-pay">
                Nothing to pay yet. {plan.skipped.length + plan.waiting.length > 0 ? 'Each affiliate with unpaid commissions is listed below with the reason.' : 'No affiliate has unpaid commissions.'}
              </p>
            ) : (
              <Table label="Payouts to create" head={['Affiliate', 'Commissions', 'Amount']}>
                {plan.payouts.map((p) => (
                  <tr key={`${p.affiliate_id}:${p.currency}`} className="border-t">
                    <td className="p-3"><Payee p={p} /></td>
                    <td className="p-3">{p.commission_ids.length}</td>
                    <td className="p-3 whitespace-nowrap">{money(p.amount, p.currency)}</td>
                  </tr>
                ))}
              </Table>
            )}
            {count > 0 && (
              <p className="text-sm font-medium" data-testid="batch-total">
                Total: {Object.entries(plan.total_by_currency).map(([currency, amount]) => money(amount, currency)).join(' · ')}
              </p>
            )}
            {plan.skipped.length > 0 && (
              <section aria-label="Not paid in this batch" className="text-sm">
                <h3 className="font-medium">Not paid in this batch</h3>
                <p className="text-slate-600">Their commissions stay approved for a later batch.</p>
                <ul className="mt-2 space-y-1">
                  {plan.skipped.map((s) => (
                    <li key={`${s.affiliate_id}:${s.currency}`} className="flex flex-wrap gap-x-2">
                      <Payee p={s} />
                      <span>{money(s.amount, s.currency)} ({plural(s.commission_ids.length, 'commission')}):</span>
                      <span className="text-slate-700">{reasonText(s, plan.min_payout)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {plan.waiting.length > 0 && (
              <section aria-label="Not due yet" className="text-sm">
                <h3 className="font-medium">Not due yet</h3>
                <ul className="mt-2 space-y-1">
                  {plan.waiting.map((w) => (
                    <li key={`${w.affiliate_id}:${w.currency}:${w.reason}`} className="flex flex-wrap gap-x-2">
                      <Payee p={w} />
                      <span>{money(w.amount, w.currency)} ({plural(w.commission_count, 'commission')}):</span>
                      <span className="text-slate-700">{waitingText(w)}</span>
                      {w.reason === 'not_approved' && (
                        <Link className={`text-indigo-700 underline ${focus}`} href={`/dashboard/commissions?status=pending&affiliate_id=${w.affiliate_id}`}>Review</Link>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div className="flex flex-wrap gap-2">
              {count > 0 && (
                <Button disabled={create.isPending} onClick={() => create.mutate({})}>
                  {create.isPending ? `Creating ${plural(count, 'payout')}…` : `Create ${plural(count, 'payout')}`}
                </Button>
              )}
              <Button tone="secondary" disabled={create.isPending} onClick={() => onDone(null, count)}>
                Cancel
              </Button>
            </div>
            <ErrorNote error={create.error} />
          </div>
        )}
      </QueryState>
    </Card>
  );
}
