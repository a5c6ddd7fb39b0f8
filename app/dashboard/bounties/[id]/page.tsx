'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useTRPC } from '../../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, Pager, QueryState, Table, date, focus, money, useCanWrite, useUrlFilters } from '../../../_components/ui';
import { bountyTerms } from '../terms';
import { Review } from './review';

const LIMIT = 50;

// One bounty: its report (docs/groups-bounties-recruiters.md#reading-them) and the proof to review.
export default function BountyPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status'] as const);
  const status = (values.status || 'pending') as 'pending' | 'approved' | 'rejected' | 'all';
  const bounty = useQuery(trpc.bounties.get.queryOptions({ id }));
  const subs = useQuery(trpc.bounties.submissions.queryOptions({ id, ...(status === 'all' ? {} : { status }), limit: LIMIT, offset }));
  const affiliates = useQuery(trpc.affiliates.names.queryOptions({ ids: [...new Set((subs.data?.data ?? []).map((s) => s.affiliate_id))].slice(0, 50) }, { enabled: !!subs.data?.data.length }));
  const archive = useMutation(trpc.bounties.archive.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.bounties.get.queryKey() }) }));
  const b = bounty.data?.data;
  const nameOf = (affiliateId: string) => affiliates.data?.data.find((a) => a.id === affiliateId)?.label ?? affiliateId.slice(-8);
  const rows = subs.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title={b ? b.name : 'Bounty'}>
        <Link href="/dashboard/bounties" className={`text-sm text-indigo-700 hover:underline ${focus}`}>All bounties</Link>
      </PageHeader>
      <QueryState q={bounty}>
        {b && (
          <Card title="Terms and results">
            <p className="text-sm">
              {bountyTerms(b)} {b.archived && <Badge value="archived" />}
            </p>
            {b.description && <p className="mt-1 text-sm text-slate-600">{b.description}</p>}
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm md:grid-cols-4" data-testid="bounty-report">
              <div><dt className="text-slate-500">Pending</dt><dd>{b.report.submissions.pending}</dd></div>
              <div><dt className="text-slate-500">Approved</dt><dd>{b.report.submissions.approved}</dd></div>
              <div><dt className="text-slate-500">Rejected</dt><dd>{b.report.submissions.rejected}</dd></div>
              <div><dt className="text-slate-500">Affiliates rewarded</dt><dd>{b.report.affiliates_rewarded}</dd></div>
              <div className="col-span-2 md:col-span-4">
                <dt className="text-slate-500">Earned</dt>
                <dd data-testid="bounty-earned">{b.report.earned.length ? b.report.earned.map((e) => money(e.amount, e.currency)).join(', ') : '—'}</dd>
              </div>
            </dl>
            {canWrite && !b.archived && (
              <div className="mt-3">
                <Button tone="secondary" className="py-1" disabled={archive.isPending} onClick={() => archive.mutate({ id: b.id })}>
                  Archive this bounty
                </Button>
                <ErrorNote error={archive.error} />
              </div>
            )}
          </Card>
        )}
      </QueryState>
      {b?.type === 'submission' && (
        <section className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">Submissions</h2>
            <select aria-label="Status" value={status} onChange={(e) => set({ status: e.target.value === 'pending' ? '' : e.target.value })} className={`rounded border px-2 py-1 text-sm ${focus}`}>
              <option value="pending">pending</option>
              <option value="approved">approved</option>
              <option value="rejected">rejected</option>
              <option value="all">all</option>
            </select>
          </div>
          <QueryState q={subs} empty={rows.length === 0 && offset === 0} onEmpty={status === 'pending' ? 'No proof waiting for review.' : 'No submissions here.'}>
            <Table label="Submissions" head={['Affiliate', 'Proof', 'Sent', 'Status', canWrite ? 'Review' : '']}>
              {rows.map((s) => (
                <tr key={s.id} className="border-t">
                  <td className="p-3">
                    <Link href={`/dashboard/affiliates/${s.affiliate_id}`} className={`text-indigo-700 hover:underline ${focus}`}>{nameOf(s.affiliate_id)}</Link>
                    <span className="block text-xs text-slate-500">period {s.period_key}</span>
                  </td>
                  <td className="p-3 break-all">
                    {s.proof_url && (
                      <a href={s.proof_url} target="_blank" rel="noreferrer noopener" className={`text-indigo-700 underline ${focus}`}>
                        {s.proof_url}
                      </a>
                    )}
                    {s.proof_text && <span className="block text-sm whitespace-pre-wrap">{s.proof_text}</span>}
                  </td>
                  <td className="p-3 whitespace-nowrap">{date(s.created_at)}</td>
                  <td className="p-3">
                    <Badge value={s.status} />
                    {s.rejection_reason && <span className="block text-xs text-slate-500">{s.rejection_reason.replace(/_/g, ' ')}{s.review_note ? `: ${s.review_note}` : ''}</span>}
                  </td>
                  <td className="p-3">{canWrite && s.status === 'pending' && <Review id={s.id} label={`proof of ${nameOf(s.affiliate_id)}`} />}</td>
                </tr>
              ))}
            </Table>
            <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
          </QueryState>
        </section>
      )}
    </div>
  );
}
