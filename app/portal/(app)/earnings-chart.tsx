'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@/server/model/money';
import { TrendChart } from '../../_components/charts/trend-chart';
import { useTRPC } from '../../_components/providers';
import { Card, QueryState, money } from '../../_components/ui';
import type { ReportInterval } from '@/server/model/enums';

type Interval = ReportInterval;
const SPANS: Record<Interval, { button: string; range: string }> = {
  day: { button: 'By day', range: 'the last 30 days' },
  week: { button: 'By week', range: 'the last 12 weeks' },
  month: { button: 'By month', range: 'the last 12 months' },
};
/** The affiliate's commissions over time (pending, approved and paid; reversed and denied do not count). */
export function EarningsChart() {
  const trpc = useTRPC();
  const [interval, setChosen] = useState<Interval>('day');
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  // the last answer stays while the next loads, so the buttons do not blink away
  const earnings = useQuery({ ...trpc.portal.earnings.queryOptions({ interval, ...(currency ? { currency } : {}) }), placeholderData: (last) => last });
  const d = earnings.data?.data;
  const total = d ? d.points.reduce((s, p) => s + p.value, 0) : 0;
  return (
    <Card title="Earnings over time">
      <div role="group" aria-label="Group earnings" className="mb-3 flex flex-wrap gap-2">
        {(Object.keys(SPANS) as Interval[]).map((i) => (
          <button
            key={i}
            type="button"
            aria-pressed={interval === i}
            onClick={() => setChosen(i)}
            className={`rounded border px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${interval === i ? 'border-indigo-600 bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {SPANS[i].button}
          </button>
        ))}
        {/* one currency at a time, each offered once the affiliate earned in more than one */}
        {(earnings.data?.data.currencies.length ?? 0) > 1 &&
          earnings.data!.data.currencies.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={earnings.data!.data.currency === c}
              onClick={() => setCurrency(c)}
              className={`rounded border px-3 py-1 text-sm uppercase focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${earnings.data!.data.currency === c ? 'border-slate-700 bg-slate-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
            >
              {c}
            </button>
          ))}
      </div>
      <QueryState q={earnings}>
        {d && (
          <>
            <p aria-live="polite" className="text-sm text-slate-600" data-testid="earnings-total">
              {money(total, d.currency)} earned in {SPANS[d.interval].range}
            </p>
            <TrendChart
              label={`Commissions ${SPANS[d.interval].range.replace('the ', '')}, per ${d.interval}`}
              points={d.points}
              interval={d.interval}
              format={(n) => money(n, d.currency)}
              formatAxis={(n) => formatMoney(n, d.currency, { compact: true })}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
