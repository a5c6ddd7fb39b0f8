'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Badge, Button, Card, ErrorNote, PageHeader, QueryState, Table, date, inputCls, money } from '../../_components/ui';
import { CouponCodes } from './coupon-codes';
import { EarningsChart } from './earnings-chart';
import { PayoutMethodSection } from './payout-method';
import { ReferralLinks } from './referral-links';
import { Recruits } from './recruits';

function PayoutEmail({ current }: { current: string | null }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const set = useMutation(
    trpc.portal.setPayoutEmail.mutationOptions({
      onSuccess: (r) => {
        toast(r.data.payout_email ? `Payouts go to ${r.data.payout_email}.` : 'Payout e-mail cleared: payouts go to your sign-in e-mail.');
        return qc.invalidateQueries({ queryKey: trpc.portal.me.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get('payout_email') || '');
    set.mutate({ payout_email: v || null });
  }
  return (
    <form onSubmit={submit} aria-label="Payout e-mail" className="flex flex-wrap items-end gap-3">
      <label className="text-sm">PayPal / payout e-mail<input name="payout_email" type="email" defaultValue={current ?? ''} className={inputCls} /></label>
      <Button disabled={set.isPending}>Save</Button>
      <ErrorNote error={set.error} />
    </form>
  );
}

export default function PortalHome() {
  const trpc = useTRPC();
  const me = useQuery(trpc.portal.me.queryOptions({}));
  const program = useQuery(trpc.portal.program.queryOptions({})).data?.data;
  const stats = useQuery(trpc.portal.stats.queryOptions({}));
  const conversions = useQuery(trpc.portal.conversions.queryOptions({ limit: 20 }));
  const payouts = useQuery(trpc.portal.payouts.queryOptions({ limit: 20 }));
  const s = stats.data?.data;
  const cur = s?.currency ?? 'usd';
  const perCurrency = (k: 'pending' | 'approved' | 'paid') => {
    const rows = s?.commissions_by_currency.filter((c) => c[k] !== 0) ?? [];
    return rows.length ? rows.map((c) => money(c[k], c.currency)) : [money(0, cur)];
  };
  return (
    <div className="space-y-6">
      <PageHeader title={`Hi ${me.data?.data.name ?? me.data?.data.email ?? ''}`}>{me.data && <Badge value={me.data.data.status} />}</PageHeader>
      {program?.commission_terms && (
        <p className="text-sm" data-testid="commission-terms">
          Your deal: for each customer you refer, you earn <span className="font-medium">{program.commission_terms}</span>.
        </p>
      )}
      {me.data?.data.status === 'pending' && (
        <p role="status" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 text-sm">
          Your application is being reviewed. You can share your link already; we e-mail you when you are approved.
        </p>
      )}
      <QueryState q={stats}>
        {s && (
          <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {([
              ['Clicks', [String(s.clicks)]],
              ['Leads', [String(s.leads)]],
              ['Sales', [String(s.sales)]],
              // one line per currency earned in: a yen commission is never dropped or added to dollars
              ...(['pending', 'approved', 'paid'] as const).map((k) => [k[0].toUpperCase() + k.slice(1), perCurrency(k)] as const),
            ] as const).map(([label, values]) => (
              <Card key={label}>
                <p className="text-sm text-slate-600">{label}</p>
                <p className="mt-1 text-xl font-semibold break-words" data-testid={`stat-${label.toLowerCase()}`}>
                  {values.map((v, i) => (
                    <span key={i} className="block">{v}</span>
                  ))}
                </p>
              </Card>
            ))}
          </section>
        )}
      </QueryState>
      <EarningsChart />
      <ReferralLinks />
      <CouponCodes />
      <Recruits />
      <Card title="Recent conversions">
        <QueryState q={conversions} empty={conversions.data?.data.length === 0} onEmpty="No conversions yet. Share your link above: sign-ups and sales it brings show up here.">
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
        <QueryState q={payouts} empty={payouts.data?.data.length === 0} onEmpty="No payouts yet. Approved commissions are paid in the program's next payout batch, to the e-mail below.">
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
      <PayoutMethodSection />
    </div>
  );
}
