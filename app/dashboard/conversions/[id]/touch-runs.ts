// The attribution receipt's touches, with repeats folded: consecutive touches of the same kind
// (match method) by the same affiliate are one run, shown as its first touch and "98 more
// fingerprint touches, same affiliate". The touch that won always stands alone, so folding never
// hides it.

export type Touch = { ts?: string | null; match_method?: string | null; affiliate_id?: string | null; chosen?: boolean | null };
export type TouchRun<T extends Touch = Touch> = { first: T; more: T[] };

const sameKind = (a: Touch, b: Touch) => (a.affiliate_id ?? null) === (b.affiliate_id ?? null) && (a.match_method ?? null) === (b.match_method ?? null);

/** Consecutive touches of one method by one affiliate as runs, in order; a chosen touch is a run of its own. */
export function touchRuns<T extends Touch>(touches: readonly T[]): TouchRun<T>[] {
  const runs: TouchRun<T>[] = [];
  for (const t of touches) {
    const last = runs[runs.length - 1];
    if (last && !t.chosen && !last.first.chosen && sameKind(last.first, t)) last.more.push(t);
    else runs.push({ first: t, more: [] });
  }
  return runs;
}

/** "98 more fingerprint touches, same affiliate" (one: "1 more fingerprint touch, same affiliate"). */
export function moreTouchesText(run: TouchRun): string {
  const n = run.more.length;
  return `${n} more ${run.first.match_method ?? 'unknown'} touch${n === 1 ? '' : 'es'}, same affiliate`;
}
