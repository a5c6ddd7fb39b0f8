// A seeded generator (mulberry32) so a corpus, and the weights trained on it, are reproducible.
export type Rng = ReturnType<typeof seededRng>;

export function seededRng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (chars: number) => Array.from({ length: chars }, () => Math.floor(next() * 16).toString(16)).join('');
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const rng = {
    next,
    chance: (p: number) => next() < p,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    normal,
    /** Log-normal around `median`; `sigma` is the spread of its logarithm. */
    logNormal: (median: number, sigma: number) => median * Math.exp(sigma * normal()),
    /** Poisson counts (Knuth below 30, normal approximation above). */
    poisson: (mean: number): number => {
      if (mean <= 0) return 0;
      if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
      const limit = Math.exp(-mean);
      let k = 0;
      for (let p = next(); p > limit; p *= next()) k++;
      return k;
    },
    /** A UUID-shaped id (version 4 layout) from the seeded stream. */
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    hex,
  };
  return rng;
}
