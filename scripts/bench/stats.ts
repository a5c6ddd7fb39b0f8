// The benchmarks' summaries, one definition each.

/** The middle value (the upper one of an even count), as every bench reports its rounds. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The p-th percentile of values sorted ascending, by nearest rank. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
