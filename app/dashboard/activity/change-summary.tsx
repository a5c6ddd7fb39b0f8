'use client';
import { useProgramCurrency } from '../../_components/ui';
import { changeLines } from './change-lines';

export function ChangeSummary({ changes }: { changes: Record<string, unknown> }) {
  const { lines, more } = changeLines(changes, useProgramCurrency());
  return (
    <ul className="max-w-md space-y-0.5 text-xs text-slate-700">
      {lines.map((l, i) => (
        <li key={i} className="break-words">
          {l}
        </li>
      ))}
      {more > 0 && <li className="text-slate-500">and {more} more</li>}
    </ul>
  );
}
