'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, QueryState, date, focus, inputCls, money, useAffiliateNames, useCanWrite } from '../../../_components/ui';
import { formatRatio } from '@/server/model/money';
import { ConversionCommissions } from './commissions';
import { RefundForm } from './refund-form';
import { RevenueBasisLine } from './revenue-basis';
import { CONVERSION_STATUSES } from '@/server/model/enums';
import { moreTouchesText, touchRuns, type Touch, type TouchRun } from './touch-runs';

const STATUSES = CONVERSION_STATUSES;

const touchLine = (t: Touch, nameOf: (id: string) => string) =>
  `${date(t.ts)} · ${t.affiliate_id ? nameOf(t.affiliate_id) : 'unknown affiliate'} · ${t.match_method ?? 'unknown'} touch${t.chosen ? ' (won)' : ''}`;

/** One touch, or a run of repeats folded to "98 more fingerprint touches, same affiliate" until expanded. */
function TouchRunItem({ run, nameOf }: { run: TouchRun; nameOf: (id: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={run.first.chosen ? 'font-medium' : 'text-slate-600'}>
      {touchLine(run.first, nameOf)}
      {run.more.length > 0 && (
        <>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className={`ml-2 text-indigo-700 underline ${focus}`}>
            {open ? 'Fold' : moreTouchesText(run)}
          </button>
          {open && (
            <ol className="mt-1 space-y-1 border-l pl-3" aria-label={moreTouchesText(run)}>
              {run.more.map((t, i) => <li key={i}>{touchLine(t, nameOf)}</li>)}
            </ol>
          )}
        </>
      )}
    </li>
  );
}

function Receipt({ id }: { id: string }) {
  const trpc = useTRPC();
  const r = useQuery(trpc.conversions.attribution.queryOptions({ id }));
  const a = r.data?.data;
  const nameOf = useAffiliateNames(((a?.touches ?? []) as Touch[]).map((t) => t.affiliate_id ?? '').filter(Boolean));
  return (
    <Card title="Attribution receipt">
      <QueryState q={r}>
        {a && (
          <div className="space-y-3 text-sm">
            <p>
              Matched by <strong>{a.method ?? 'unknown'}</strong>
              {a.confidence !== null && <> with confidence {formatRatio(a.confidence, 0)}</>}
              {a.model && <> under the {a.model.replace('_', ' ')} model</>}.
            </p>
            <p>
              Rule: <strong>{String(a.rule?.name ?? a.rule?.kind ?? 'none')}</strong> · commission {a.amount !== null ? money(a.amount, a.currency ?? 'usd') : '—'}
              {/* 'rule' is the ordinary case (a rule matched); anything else explains a zero or an oddity. */}
              {a.reason && a.reason !== 'rule' && <> · {a.reason.replace(/_/g, ' ')}</>}
            </p>
            <RevenueBasisLine basis={a.revenue_basis} currency={a.currency ?? 'usd'} />
            {a.touches.length > 0 && (
              <ol className="space-y-1" aria-label="Touches" data-testid="touches">
                {touchRuns(a.touches as Touch[]).map((run, i) => (
                  <TouchRunItem key={i} run={run} nameOf={nameOf} />
                ))}
              </ol>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

export default function ConversionPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const conv = useQuery(trpc.conversions.get.queryOptions({ id }));
  const affiliates = useQuery({ ...trpc.affiliates.list.queryOptions({ status: 'active', limit: 200 }), enabled: canWrite });
  const [target, setTarget] = useState('');
  const update = useMutation(trpc.conversions.update.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.conversions.pathKey() }) }));
  const c = conv.data?.data;
  const owner = useQuery({ ...trpc.affiliates.get.queryOptions({ id: c?.affiliate_id ?? '' }), enabled: !!c });
  const ownerName = owner.data?.data.name ?? owner.data?.data.email ?? owner.data?.data.ref_code ?? '…';
  return (
    <QueryState q={conv}>
      {c && (
        <div className="space-y-6">
          <PageHeader title={`${c.type === 'sale' ? 'Sale' : 'Lead'} ${c.external_id}`}>
            <Badge value={c.status} />
          </PageHeader>
          <Card>
            <dl className="grid gap-3 text-sm wrap-anywhere sm:grid-cols-3">
              <div><dt className="text-slate-500">Amount</dt><dd>{money(c.amount, c.currency)}{c.refunded_amount > 0 && ` (refunded ${money(c.refunded_amount, c.currency)})`}</dd></div>
              <div><dt className="text-slate-500">When</dt><dd>{date(c.ts)}</dd></div>
              <div><dt className="text-slate-500">Affiliate</dt><dd><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${c.affiliate_id}`}>{ownerName}</Link></dd></div>
              <div><dt className="text-slate-500">Customer</dt><dd>{c.customer_id ?? '—'}</dd></div>
              <div><dt className="text-slate-500">Product</dt><dd>{c.product_id ?? '—'} {c.interval && `(${c.interval})`}</dd></div>
              <div><dt className="text-slate-500">Commissions</dt><dd><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/commissions?conversion_id=${c.id}`}>View</Link></dd></div>
            </dl>
          </Card>
          <Receipt id={c.id} />
          <ConversionCommissions id={c.id} />
          {canWrite && <RefundForm c={c} />}
          {canWrite && (
            <Card title="Change">
              <div className="flex flex-wrap items-end gap-3">
                <label className="text-sm">
                  Status
                  <select value={c.status} disabled={update.isPending} onChange={(e) => update.mutate({ id: c.id, status: e.target.value as (typeof STATUSES)[number] })} className={inputCls}>
                    {STATUSES.map((s) => <option key={s}>{s}</option>)}
                  </select>
                </label>
                <label className="text-sm">
                  Re-attribute to
                  <select value={target} onChange={(e) => setTarget(e.target.value)} className={inputCls}>
                    <option value="">Choose an affiliate…</option>
                    {affiliates.data?.data.filter((a) => a.id !== c.affiliate_id).map((a) => <option key={a.id} value={a.id}>{a.name ?? a.email ?? a.ref_code}</option>)}
                  </select>
                </label>
                <Button disabled={!target || update.isPending} onClick={() => update.mutate({ id: c.id, affiliate_id: target })}>Re-attribute</Button>
              </div>
              <p className="mt-2 text-xs text-slate-500">Refunded, reversed and chargeback claw back this conversion’s commissions; re-attributing moves them.</p>
              <ErrorNote error={update.error} />
            </Card>
          )}
        </div>
      )}
    </QueryState>
  );
}
