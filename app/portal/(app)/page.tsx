'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, CopyButton, ErrorNote, PageHeader, QueryState, Table, date, inputCls, money } from '../../_components/ui';
import { EarningsChart } from './earnings-chart';

function PayoutEmail({ current }: { current: string | null }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const set = useMutation(trpc.portal.setPayoutEmail.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.portal.me.queryKey() }) }));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get('payout_email') || '');
    set.mutate({ payout_email: v || null });
  }
  return (
    <form onSubmit={submit} aria-label="Payout e-mail" className="flex flex-wrap items-end gap-3">
      <label className="text-sm">PayPal / payout e-mail<input name="payout_email" type="email" defaultValue={current ?? ''} className={inputCls} /></label>
      <Button disabled={set.isPending}>Save</Button>
      <span aria-live="polite" className="text-sm text-emerald-700">{set.isSuccess && 'Saved.'}</span>
      <ErrorNote error={set.error} />
    </form>
  );
}

export default function PortalHome() {
  const trpc = useTRPC();
  const me = useQuery(trpc.portal.me.queryOptions({}));
  const stats = useQuery(trpc.portal.stats.queryOptions({}));
  const links = useQuery(trpc.portal.links.queryOptions({ limit: 50 }));
  const conversions = useQuery(trpc.portal.conversions.queryOptions({ limit: 20 }));
  const payouts = useQuery(trpc.portal.payouts.queryOptions({ limit: 20 }));
  const s = stats.data?.data;
  const cur = s?.currency ?? 'usd';
  return (
    <div className="space-y-6">
      <PageHeader title={`Hi ${me.data?.data.name ?? me.data?.data.email ?? ''}`}>{me.data && <Badge value={me.data.data.status} />}</PageHeader>
      <QueryState q={stats}>
        {s && (
          <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {([
              ['Clicks', String(s.clicks)],
              ['Leads', String(s.leads)],
              ['Sales', String(s.sales)],
              ['Pending', money(s.commissions.pending, cur)],
              ['Approved', money(s.commissions.approved, cur)],
              ['Paid', money(s.commissions.paid, cur)],
            ] as const).map(([label, value]) => (
              <Card key={label}><p className="text-sm text-slate-600">{label}</p><p className="mt-1 text-xl font-semibold" data-testid={`stat-${label.toLowerCase()}`}>{value}</p></Card>
            ))}
          </section>
        )}
      </QueryState>
      <EarningsChart />
      <Card title="Your referral links">
        <QueryState q={links} empty={links.data?.data.length === 0}>
          <ul className="space-y-2 text-sm">
            {links.data?.data.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-2">
                <code className="rounded bg-slate-100 px-2 py-1 break-all" data-testid="referral-link">{l.url ?? '(no landing page yet)'}</code>
                {l.url && <CopyButton text={l.url} label="Copy link" />}
              </li>
            ))}
          </ul>
        </QueryState>
      </Card>
      <Card title="Recent conversions">
        <QueryState q={conversions} empty={conversions.data?.data.length === 0}>
          <Table label="Your conversions" head={['When', 'Type', 'Amount', 'Status']}>
            {conversions.data?.data.map((c) => (
              <tr key={c.id} className="border-t">
                <td className="p-3">{date(c.ts)}</td><td className="p-3">{c.type}</td>
                <td className="p-3">{c.type === 'sale' ? money(c.amount, c.currency) : '—'}</td><td className="p-3"><Badge value={c.status} /></td>
              </tr>
            ))}
          </Table>
        </QueryState>
      </Card>
      <Card title="Payouts">
        <QueryState q={payouts} empty={payouts.data?.data.length === 0}>
          <Table label="Your payouts" head={['Created', 'Amount', 'Status', 'Paid']}>
            {payouts.data?.data.map((p) => (
              <tr key={p.id} className="border-t">
                <td className="p-3">{date(p.created_at)}</td><td className="p-3">{money(p.amount, p.currency)}</td>
                <td className="p-3"><Badge value={p.status} /></td><td className="p-3">{date(p.paid_at)}</td>
              </tr>
            ))}
          </Table>
        </QueryState>
        {me.data && <div className="mt-4"><PayoutEmail current={me.data.data.payout_email} /></div>}
      </Card>
    </div>
  );
}
