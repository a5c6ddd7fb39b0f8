'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, inputCls, money, useProgramCurrency } from '../../_components/ui';
import { useToast } from '../../_components/toast';

/**
 * The PayPal mass-payout file of one currency (PayPal refuses a file that mixes them): the
 * currencies of the pending payouts (GET /v1/payouts/export-currencies) to choose from, the
 * program's first, and a file named for it (payouts-usd.csv). It comes through the router (the
 * session), not /v1, which would need an API key.
 */
export function ExportCsv() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const programCurrency = useProgramCurrency();
  const currencies = useQuery(trpc.payouts.exportCurrencies.queryOptions({}));
  const list = currencies.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = list.find((c) => c.currency === chosen)?.currency ?? list.find((c) => c.currency === programCurrency)?.currency ?? list[0]?.currency;
  async function download() {
    if (!currency) return;
    const text = await qc.fetchQuery({ ...trpc.payouts.exportCsv.queryOptions({ currency }), staleTime: 0 });
    const name = `payouts-${currency}.csv`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: name });
    a.click();
    URL.revokeObjectURL(url);
    const lines = text ? text.trim().split('\n').length : 0;
    toast(lines ? `Exported ${lines} pending ${currency.toUpperCase()} payout${lines === 1 ? '' : 's'} as ${name}.` : `No ${currency.toUpperCase()} payout to export (no e-mail on file).`);
  }
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Export pending payouts as CSV">
      {list.length > 1 && (
        <label className="text-sm">
          CSV currency
          <select className={inputCls} value={currency} onChange={(e) => setChosen(e.target.value)}>
            {list.map((c) => (
              <option key={c.currency} value={c.currency}>
                {c.currency.toUpperCase()}: {c.payouts} pending, {money(c.amount, c.currency)}
              </option>
            ))}
          </select>
        </label>
      )}
      <Button tone="secondary" disabled={!currency} title={currency ? `One file per currency: payouts-${currency}.csv` : 'No pending payout to export'} onClick={download}>
        Export pending as CSV{list.length === 1 && currency ? ` (${currency.toUpperCase()})` : ''}
      </Button>
    </div>
  );
}
