import { openDatabase, type Db } from '@/db/client';
import { migrate } from '@/db/migrate';
import type { RiskFlag, RiskSignals } from '@/server/contracts/risk';
import { toFeatures, type FeatureVector } from '@/server/domain/risk/features';
import { gatherSignals } from '@/server/domain/risk/signals';
import { affiliates } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { CORPUS_NOW, writeCorpus, type Labelled } from './corpus';
import { EXPECTED, type Pattern } from './fraud-patterns';

type Expected = { signature: RiskFlag[]; plausible: RiskFlag[] };
type Base = Omit<Labelled, 'pattern'> & { pattern: string | null };
/** A corpus writer and what each of its patterns must and may flag. */
export type CorpusSpec<L extends Base> = { write: (db: Db, seed: number, programs: number) => Promise<L[]>; expected: (pattern: string) => Expected };
export const TRAINING_CORPUS: CorpusSpec<Labelled> = { write: writeCorpus, expected: (p) => EXPECTED[p as Pattern] };

export type Example<L extends Base = Labelled> = L & {
  fraud: boolean;
  signals: RiskSignals;
  features: FeatureVector;
  /** Flags this affiliate should raise (recall), and flags it may raise without a false positive. */
  expected: Set<RiskFlag>;
  allowed: Set<RiskFlag>;
};

/**
 * Generates a corpus into a fresh in-memory PostgreSQL (PGlite) and measures every affiliate with
 * the production signal code, exactly as an assessment would.
 */
export async function buildExamples<L extends Base = Labelled>(
  seed: number,
  programs: number,
  log = (_: string) => {},
  corpus: CorpusSpec<L> = TRAINING_CORPUS as unknown as CorpusSpec<L>,
): Promise<Example<L>[]> {
  const database = await openDatabase();
  try {
    await migrate(database);
    const started = Date.now();
    const labels = await corpus.write(database.db, seed, programs);
    log(`corpus seed ${seed}: ${programs} programs, ${labels.length} affiliates written in ${Date.now() - started} ms`);
    const examples: Example<L>[] = [];
    const t = Date.now();
    for (const workspaceId of new Set(labels.map((l) => l.workspaceId))) {
      const targets = await database.db.select().from(affiliates).where(eq(affiliates.workspaceId, workspaceId));
      const signals = await gatherSignals({ ctx: { db: database.db, workspaceId }, now: CORPUS_NOW, targets });
      for (const l of labels.filter((x) => x.workspaceId === workspaceId)) {
        const s = signals.get(l.id)!;
        const e = l.pattern ? corpus.expected(l.pattern) : { signature: [], plausible: [] };
        const expected = new Set<RiskFlag>(e.signature);
        if (l.disposable) expected.add('disposable_email');
        const allowed = new Set<RiskFlag>([...expected, ...e.plausible]);
        examples.push({ ...l, fraud: l.pattern !== null, signals: s, features: toFeatures(s), expected, allowed });
      }
    }
    log(`signals measured in ${Date.now() - t} ms`);
    return examples;
  } finally {
    await database.close();
  }
}
