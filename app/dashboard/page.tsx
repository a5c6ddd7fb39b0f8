'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { BarChart } from '../_components/bar-chart';
import { useTRPC } from '../_components/providers';
import { Card, PageHeader, QueryState, focus, money } from '../_components/ui';

const DAYS = 30;

type Conv = { ts: string; amount: number; currency: string; affiliate_id: string; status: string; type: string };

/** Last 30 days of sales per day, from the newest conversions page (the reports router may be absent). */
function daily(convs: Conv[]) {
  const out = new Map<string, number>();
  for (let i = DAYS - 1; i >= 0; i--) out.set(new Date(Date.now() - i * 864e5).toISOString().slice(0, 10), 0);
  for (const c of convs) {
    const day = c.ts.slice(0, 10);
    if (out.has(day) && c.type === 'sale') out.set(day, out.get(day)! + c.amount);
  }
  return [...out].map(([d, value]) => ({ label: d.slice(5), value }));
}

export default function OverviewPage() {
  const trpc = useTRPC();
  const from = new Date(Date.now() - DAYS * 864e5).toISOString();
  const convs = useQuery(trpc.conversions.list.queryOptions({ from, limit: 200 }));
  const pendingAffiliates = useQuery(trpc.affiliates.list.queryOptions({ status: 'pending', limit: 200 }));
  const pendingCommissions = useQuery(trpc.commissions.list.queryOptions({ status: 'pending', limit: 200 }));
  const affiliates = useQuery(trpc.affiliates.list.queryOptions({ limit: 200 }));
  const risk = useQuery({ ...trpc.risk.flags.queryOptions({ limit: 100 }), retry: false });
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  const currency = settings.data?.data.currency ?? 'usd';

  const rows = (convs.data?.data ?? []).filter((c) => c.currency === currency);
  const sales = rows.filter((c) => c.type === 'sale' && c.status !== 'reversed' && c.status !== 'refunded' && c.status !== 'chargeback');
  const revenue = sales.reduce((s, c) => s + c.amount - c.refunded_amount, 0);
  const names = new Map((affiliates.data?.data ?? []).map((a) => [a.id, a.name ?? a.email ?? a.ref_code]));
  const byAffiliate = new Map<string, number>();
  for (const c of sales) byAffiliate.set(c.affiliate_id, (byAffiliate.get(c.affiliate_id) ?? 0) + c.amount);
  const top = [...byAffiliate].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const flagged = (risk.data?.data ?? []).filter((r) => r.risk_level === 'high' || r.risk_level === 'critical').length;
  const count = (n: number | undefined, cap: number) => (n === undefined ? '…' : n >= cap ? `${cap}+` : String(n));

  const attention = [
    ['Affiliates awaiting approval', count(pendingAffiliates.data?.data.length, 200), '/dashboard/affiliates?status=pending'],
    ['Commissions to review', count(pendingCommissions.data?.data.length, 200), '/dashboard/commissions?status=pending'],
    ['High-risk affiliates', risk.error ? 'n/a' : count(flagged, 100), '/dashboard/affiliates'],
  ] as const;

  return (
    <div className="space-y-6">
      <PageHeader title="Overview" />
      <section aria-label="Needs attention" className="grid gap-3 sm:grid-cols-3">
        {attention.map(([label, value, href]) => (
          <Link key={label} href={href} className={`rounded-lg bg-white p-4 shadow-sm hover:bg-slate-50 ${focus}`}>
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-semibold">{value}</p>
          </Link>
        ))}
      </section>
      <QueryState q={convs}>
        <section aria-label="Last 30 days" className="grid gap-3 sm:grid-cols-3">
          <Card>
            <p className="text-sm text-slate-600">Sales (30 days)</p>
            <p className="mt-1 text-2xl font-semibold">{sales.length}</p>
          </Card>
          <Card>
            <p className="text-sm text-slate-600">Leads (30 days)</p>
            <p className="mt-1 text-2xl font-semibold">{rows.filter((c) => c.type === 'lead').length}</p>
          </Card>
          <Card>
            <p className="text-sm text-slate-600">Net revenue (30 days)</p>
            <p className="mt-1 text-2xl font-semibold">{money(revenue, currency)}</p>
          </Card>
        </section>
        <Card title="Revenue per day">
          <BarChart points={daily(rows)} label="Referred revenue per day, last 30 days" format={(n) => money(n, currency)} />
          {(convs.data?.data.length ?? 0) >= 200 && <p className="text-xs text-slate-500">Based on the newest 200 conversions.</p>}
        </Card>
        <Card title="Top affiliates (30 days)">
          {top.length === 0 ? (
            <p className="text-sm text-slate-500">No sales yet.</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {top.map(([id, amount]) => (
                <li key={id} className="flex justify-between">
                  <Link href={`/dashboard/affiliates/${id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                    {names.get(id) ?? id}
                  </Link>
                  <span>{money(amount, currency)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </QueryState>
    </div>
  );
}
