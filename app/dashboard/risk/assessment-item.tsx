import Link from 'next/link';
import { Badge, date, focus } from '../../_components/ui';
import { AssessmentActions } from './assessment-actions';
import { EvidenceDetails } from './evidence';
import type { Assessment } from './types';

export function AssessmentItem({ a, canWrite }: { a: Assessment; canWrite: boolean }) {
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" aria-label={`Risk assessment of ${a.affiliate.name ?? a.affiliate.ref_code}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link href={`/dashboard/affiliates/${a.affiliate_id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>
            {a.affiliate.name ?? a.affiliate.email ?? a.affiliate.ref_code}
          </Link>
          <span className="ml-2 font-mono text-xs text-slate-500">{a.affiliate.ref_code}</span>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge value={a.risk_level} />
            <span>
              Score <strong data-testid="risk-score">{a.score}</strong>/100
            </span>
            <span>Affiliate: {a.affiliate.status}</span>
            {a.affiliate.commissions_held && <span className="rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-800">Commissions on hold</span>}
            <span>Assessed {date(a.created_at)}</span>
            {a.dismissed_at && <span className="text-slate-500">Dismissed {date(a.dismissed_at)}</span>}
          </div>
        </div>
        <div className="text-right text-sm">
          <span className="text-slate-600">Recommended: </span>
          <strong>{a.recommended_action.replace(/_/g, ' ')}</strong>
        </div>
      </div>
      <p className="mt-3 text-sm">{a.summary}</p>
      {a.flags.length > 0 && (
        <ul aria-label="Flags" className="mt-2 flex flex-wrap gap-1">
          {a.flags.map((f) => (
            <li key={f} className="rounded bg-orange-50 px-2 py-0.5 text-xs text-orange-800">
              {f.replace(/_/g, ' ')}
            </li>
          ))}
        </ul>
      )}
      {a.evidence && <EvidenceDetails evidence={a.evidence} />}
      {canWrite && (
        <div className="mt-3">
          <AssessmentActions a={a} />
        </div>
      )}
    </li>
  );
}
