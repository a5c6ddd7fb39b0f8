'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../../_components/providers';
import { Badge, Card, EmptyState, QueryState, Table, focus, money } from '../../../_components/ui';

const SHOWN = 20;

/** The campaign's affiliates with their numbers, best earners first. */
export function CampaignAffiliates({ campaignId }: { campaignId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.affiliates.table.queryOptions({ campaign_id: campaignId, sort: 'earnings', limit: SHOWN }));
  const rows = list.data?.data ?? [];
  const currency = list.data?.currency ?? 'usd';
  return (
    <Card title="Affiliates in this campaign">
      <QueryState q={list}>
        {rows.length === 0 ? (
          <EmptyState>No affiliate is in this campaign yet. Invite one into it from <Link className="text-indigo-700 underline" href="/dashboard/affiliates">Affiliates</Link>, or move one there from its page.</EmptyState>
        ) : (
          <>
            <Table label="Campaign affiliates" head={['Affiliate', 'Status', 'Clicks', 'Conversions', 'Earnings', 'Unpaid']}>
              {rows.map((a) => (
                <tr key={a.id} className="border-t">
                  <td className="p-3"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${a.id}`}>{a.name ?? a.email ?? a.ref_code}</Link></td>
                  <td className="p-3"><Badge value={a.status} /></td>
                  <td className="p-3 text-right">{a.clicks}</td>
                  <td className="p-3 text-right">{a.conversions}</td>
                  <td className="p-3 text-right whitespace-nowrap">{money(a.earnings, currency)}</td>
                  <td className="p-3 text-right whitespace-nowrap">{money(a.unpaid, currency)}</td>
                </tr>
              ))}
            </Table>
            {list.data?.has_more && (
              <p className="mt-2 text-sm"><Link className="text-indigo-700 underline" href={`/dashboard/affiliates?campaign_id=${campaignId}&sort=earnings`}>See all of them</Link></p>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}
