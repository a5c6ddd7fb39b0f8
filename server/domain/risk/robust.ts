// Robust statistics: a few extreme affiliates (the fraud we look for) must not move the baseline
// they are measured against, so centre and spread are the median and the MAD, not mean and SD.

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median absolute deviation, scaled by 1.4826 so it estimates the SD of normal data. */
export function scaledMad(values: number[]): number | null {
  const m = median(values);
  if (m === null) return null;
  return 1.4826 * (median(values.map((v) => Math.abs(v - m))) ?? 0);
}

/**
 * (x - median) / max(MAD, floor). The floor stops a flat baseline (MAD 0, e.g. an affiliate with
 * the same few clicks every day) from turning any change into an infinite score.
 */
export function robustZ(x: number, sample: number[], floor: number): number | null {
  const m = median(sample);
  const s = scaledMad(sample);
  if (m === null || s === null) return null;
  return (x - m) / Math.max(s, floor);
}

export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
export const logit = (p: number) => Math.log(p / (1 - p));
export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
