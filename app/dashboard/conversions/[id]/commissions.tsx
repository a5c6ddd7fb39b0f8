'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_components/providers';
import { Badge, Card, QueryState, money, useAffiliateNames } from '../../../_components/ui';

// One conversion has a handful of rows (an earning, perhaps clawbacks); 50 is every one in practice.
export const commissionsOf = (conversionId: string) => ({ conversion_id: conversionId, limit: 50 });

/** What the affiliates earn on this conversion now: rows that are neither reversed nor denied. */
export const liveTotal = (rows: { amount: number; status: string }[]) =>
  rows.filter((r) => r.status !== 'reversed' && r.status !== 'denied').reduce((t, r) => t + r.amount, 0);

/** This conversion's commission ledger, so a refund's effect is visible where it was made. */
export function ConversionCommissions({ id }: { id: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.commissions.list.queryOptions(commissionsOf(id)));
  const rows = q.data?.data ?? [];
  const nameOf = useAffiliateNames(rows.map((r) => r.affiliate_id));
  return (
    <Card title="Commissions">
      <QueryState q={q}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-500">No commission on this conversion.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Commissions on this conversion">
              <thead className="text-left text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Affiliate</th>
                  <th className="py-2 pr-3 font-medium">Kind</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t">
                    <td className="py-2 pr-3">{nameOf(r.affiliate_id)}</td>
                    <td className="py-2 pr-3">{r.kind}</td>
                    <td className="py-2 pr-3"><Badge value={r.status} /></td>
                    <td className="py-2 text-right">{money(r.amount, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t font-medium">
                  <td className="py-2 pr-3" colSpan={3}>Earned now</td>
                  <td className="py-2 text-right" data-testid="commissions-live">{money(liveTotal(rows), rows[0].currency)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
