'use client';
import { Area, ComposedChart, CartesianGrid, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportInterval } from '@/server/model/enums';

export type TrendPoint = { period: string; value: number; previous?: number; previousPeriod?: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "5 Mar" for a day or week, "Mar 2026" for a month bucket ('YYYY-MM-DD' starts). */
export const periodLabel = (period: string, interval: ReportInterval = 'day') =>
  interval === 'month' ? `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}` : `${Number(period.slice(8, 10))} ${MONTHS[Number(period.slice(5, 7)) - 1]}`;

/**
 * One metric over time (recharts): axes with labels in the metric's units, a tooltip with the
 * exact value, and optionally the previous period as a dashed line for comparison. `format`
 * prints a value (money by currency), `formatAxis` its short form.
 */
export function TrendChart({
  points,
  label,
  format,
  formatAxis = format,
  interval = 'day',
  compare = false,
}: {
  points: TrendPoint[];
  label: string;
  format: (n: number) => string;
  formatAxis?: (n: number) => string;
  interval?: ReportInterval;
  compare?: boolean;
}) {
  return (
    <figure aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="trend-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-indigo-500)" stopOpacity={0.35} />
              <stop offset="100%" stopColor="var(--color-indigo-500)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200)" vertical={false} />
          <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p, interval)} tick={{ fontSize: 11, fill: 'var(--color-slate-500)' }} minTickGap={24} tickLine={false} axisLine={false} />
          <YAxis tickFormatter={(n: number) => formatAxis(n)} tick={{ fontSize: 11, fill: 'var(--color-slate-500)' }} width={64} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip
            formatter={(value, name) => [format(Number(value)), name === 'previous' ? 'Previous period' : 'This period']}
            labelFormatter={(p, items) => {
              const prev = (items?.[0]?.payload as TrendPoint | undefined)?.previousPeriod;
              return `${periodLabel(String(p), interval)}${compare && prev ? ` (vs ${periodLabel(prev, interval)})` : ''}`;
            }}
          />
          {compare && <Legend formatter={(v) => (v === 'previous' ? 'Previous period' : 'This period')} wrapperStyle={{ fontSize: 12 }} />}
          <Area type="monotone" dataKey="value" name="value" stroke="var(--color-indigo-600)" strokeWidth={2} fill="url(#trend-fill)" isAnimationActive={false} />
          {compare && <Line type="monotone" dataKey="previous" name="previous" stroke="var(--color-slate-400)" strokeDasharray="4 4" dot={false} isAnimationActive={false} />}
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
