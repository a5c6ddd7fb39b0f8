// Evaluates the committed risk model (data/risk-model.json) on a held-out synthetic corpus:
//   node --import tsx scripts/risk/bench.ts [--seed N] [--programs N]
// The corpus is written as plain rows into an in-memory PostgreSQL (PGlite) and measured by the
// production signal code; the seed differs from training's, so no program is seen twice.
// Exits 1 below the targets: ROC AUC 0.9, precision 0.8 at high or critical.
import { parseArgs } from 'node:util';
import type { RiskFlag } from '@/server/contracts/risk';
import { FLAG_FEATURES } from '@/server/domain/risk/features';
import { flagsOf, levelOf, riskModel, scoreFeatures } from '@/server/domain/risk/model';
import { benchUnseen } from './bench-unseen';
import { buildExamples } from './evaluate';
import { PATTERNS } from './fraud-patterns';
import { countFlag, flagPrecision, pct, precision, recall, rocAuc } from './metrics';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1001' }, programs: { type: 'string', default: '12' }, 'unseen-programs': { type: 'string', default: '14' } },
});
const seed = Number(values.seed);
const programs = Number(values.programs);

const examples = await buildExamples(seed, programs, console.log);
const scored = examples.map((e) => ({ ...e, ...scoreFeatures(e.features), flags: new Set<RiskFlag>(flagsOf(e.features, e.signals)) }));
const fraud = scored.filter((e) => e.fraud).length;
console.log(`\nmodel ${riskModel.version}; held-out corpus seed ${seed}: ${scored.length} affiliates, ${fraud} fraudulent, ${scored.length - fraud} honest\n`);

const auc = rocAuc(scored.map((e) => e.probability), scored.map((e) => e.fraud));
console.log(`ROC AUC of the score: ${auc.toFixed(4)}`);
const at = (min: number) => {
  const c = { tp: 0, fp: 0, fn: 0 };
  for (const e of scored) {
    const hit = e.score >= min;
    if (hit && e.fraud) c.tp++;
    else if (hit) c.fp++;
    else if (e.fraud) c.fn++;
  }
  return c;
};
const high = at(50);
for (const [label, c] of [['high or critical (score >= 50)', high], ['medium or above (score >= 25)', at(25)]] as const) {
  console.log(`${label.padEnd(32)} precision ${pct(precision(c))}  recall ${pct(recall(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`);
}

console.log('\nper flag (precision counts hits the pattern makes plausible as correct; recall is over affiliates that must raise it)');
for (const flag of Object.keys(FLAG_FEATURES) as RiskFlag[]) {
  const c = countFlag(scored, (e) => e.flags.has(flag), flag);
  console.log(
    `  ${flag.padEnd(24)} precision ${pct(flagPrecision(c))}  recall ${pct(recall(c))}  (tp ${c.tp}, plausible ${c.plausible}, fp ${c.fp}, fn ${c.fn})`,
  );
}

console.log('\nper pattern: share scored high or critical, median score');
for (const pattern of [null, ...PATTERNS]) {
  const group = scored.filter((e) => e.pattern === pattern);
  const sorted = group.map((e) => e.score).sort((a, b) => a - b);
  const flagged = group.filter((e) => e.score >= 50).length;
  console.log(`  ${(pattern ?? 'honest').padEnd(20)} n ${String(group.length).padStart(4)}  high+ ${pct(flagged / group.length)}  median ${sorted[sorted.length >> 1]}`);
}
const levels = Object.fromEntries(['low', 'medium', 'high', 'critical'].map((l) => [l, scored.filter((e) => levelOf(e.score) === l).length]));
console.log(`\nlevels: ${JSON.stringify(levels)}`);

// The same generator with a new seed flatters the model; the unseen corpus is the honest test. It
// is reported, not gated: a target tuned to it would make it one more training set.
await benchUnseen(seed + 1000, Number(values['unseen-programs']), console.log);
const ok = auc >= 0.9 && precision(high) >= 0.8;
console.log(`\ntargets on the held-out corpus (AUC >= 0.9, precision >= 0.8 at high/critical at its share of fraud): ${ok ? 'met' : 'NOT met'}`);
process.exitCode = ok ? 0 : 1;
