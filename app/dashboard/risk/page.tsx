'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, Pager, QueryState, focus, inputCls, useCanWrite, useUrlFilters } from '../../_components/ui';
import { AssessmentItem } from './assessment-item';
import { RISK_LEVELS } from '@/server/model/enums';

const LIMIT = 50;
// Worst first.
const LEVELS = [...RISK_LEVELS].reverse();
type Level = (typeof LEVELS)[number];

export default function RiskPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['risk_level', 'include_dismissed'] as const);
  const level = LEVELS.includes(values.risk_level as Level) ? (values.risk_level as Level) : undefined;
  const includeDismissed = values.include_dismissed === 'true';
  const list = useQuery(
    trpc.risk.flags.queryOptions({ ...(level ? { risk_level: level } : {}), ...(includeDismissed ? { include_dismissed: 'true' } : {}), limit: LIMIT, offset }),
  );
  const rows = [...(list.data?.data ?? [])].sort((x, y) => LEVELS.indexOf(x.risk_level) - LEVELS.indexOf(y.risk_level) || y.score - x.score);
  return (
    <div className="space-y-4">
      <PageHeader title="Risk triage">
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Risk level
            <select value={level ?? ''} onChange={(e) => set({ risk_level: e.target.value })} className={inputCls}>
              <option value="">All</option>
              {LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" checked={includeDismissed} onChange={(e) => set({ include_dismissed: e.target.checked ? 'true' : '' })} className={focus} />
            Include dismissed
          </label>
        </div>
      </PageHeader>
      <p className="text-sm text-slate-600">Each affiliate&apos;s newest assessment, riskiest first. The engine never changes an affiliate by itself.</p>
      <QueryState q={list} empty={rows.length === 0 && offset === 0} onEmpty={level ? `No ${level}-risk assessment${includeDismissed ? '' : ' (dismissed ones hidden)'}.` : 'Nothing to triage. Affiliates are assessed daily and after refunds; you can also assess one from its page.'}>
        <ul className="space-y-3" aria-label="Risk queue">
          {rows.map((a) => (
            <AssessmentItem key={a.id} a={a} canWrite={canWrite} />
          ))}
        </ul>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
