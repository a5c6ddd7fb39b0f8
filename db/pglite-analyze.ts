import type { PGlite } from '@electric-sql/pglite';

// PGlite has no autovacuum, so nobody gathers statistics: the planner guesses every table's size,
// and a named statement's generic plan (the one PostgreSQL settles on after five calls) is chosen
// on those guesses. This does autovacuum's analyze part in the process, gently: ANALYZE holds the
// one thread while it runs (requests wait for it as for any statement), so it samples 3,000 rows
// instead of 30,000 (statistics target 10: enough to choose plans; conversions of the benchmark
// took 68 ms instead of 281), takes one table per run, the one furthest past its threshold, and
// waits until a fifth of a table changed (autovacuum: a tenth) plus 50 rows.
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.2 * greatest(c.reltuples, 0)
  order by s.n_mod_since_analyze / (50 + 0.2 * greatest(c.reltuples, 0)) desc, s.relname
  limit 1`;

/** Analyzes the table most due, if any; returns its name. */
export async function analyzeWhereChanged(client: Pick<PGlite, 'query' | 'exec'>): Promise<string | null> {
  // counts a backend gathered in the last second are flushed at its next transaction's end only if asked
  await client.query('select pg_stat_force_next_flush()');
  const [due] = (await client.query<{ name: string }>(DUE)).rows;
  if (due) await client.exec(`set default_statistics_target = 10; analyze ${due.name}; reset default_statistics_target`);
  return due?.name ?? null;
}

/** Analyzes every table due now, then the one most due every `everyMs` until the returned stop. */
export async function autoAnalyze(client: Pick<PGlite, 'query' | 'exec'>, everyMs = 10_000): Promise<() => void> {
  for (let i = 0; i < 100 && (await analyzeWhereChanged(client)); i++);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // a run that fails (the database closing under it) is retried at the next tick
    analyzeWhereChanged(client).catch(() => {}).finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
