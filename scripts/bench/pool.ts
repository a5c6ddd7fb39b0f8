// npm run bench:pool: does postgres.js keep its pace under a pool that never goes idle? 50 callers
// share 10 connections for BENCH_SECONDS (default 12); queries per second are printed for each
// second, and the ratio of the last three to the first three after warm-up. Before
// patches/postgres+3.4.9.patch the pool's busy queue scanned every query it had handed out since it
// was last idle, so the pace fell the longer load lasted (here 17k -> 8k q/s in 12 s); patched it
// holds (~1.0x).
import postgres from 'postgres';
import { median } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const sql = postgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', { max: 10, prepare: true, onnotice: () => {} });
let done = 0;
let stop = false;
const callers = Array.from({ length: 50 }, async () => {
  while (!stop) {
    await sql`select 1 as x`;
    done++;
  }
});
const perSecond: number[] = [];
for (let s = 0, last = 0; s < SECONDS; s++) {
  await new Promise((r) => setTimeout(r, 1000));
  perSecond.push(done - last);
  last = done;
  process.stderr.write(`${s + 1}s ${perSecond.at(-1)} q/s\n`);
}
stop = true;
await Promise.all(callers);
await sql.end();
const [early, late] = [median(perSecond.slice(1, 4)), median(perSecond.slice(-3))];
console.log(`postgres.js, 50 callers on 10 connections: ${early} q/s at the start, ${late} q/s after ${SECONDS} s: ${(late / early).toFixed(2)}x`);
