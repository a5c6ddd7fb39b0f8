// Integer money math in minor units. Rounding is half-up on the minor unit (half away from zero
// for negative amounts), done in BigInt so no product ever passes through a float.

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const neg = n < 0n !== d < 0n;
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (2n * a + b) / (2n * b);
  return neg ? -q : q;
}

/** `rateHundredths` is a percent in hundredths (2550 = 25.50 %). */
export function percentOf(amount: number, rateHundredths: number): number {
  return Number(divRoundHalfUp(BigInt(amount) * BigInt(rateHundredths), 10_000n));
}

/** `full` scaled by net/gross: what a commission is worth after a partial refund. */
export function proRata(full: number, net: number, gross: number): number {
  if (gross <= 0 || net >= gross) return full;
  if (net <= 0) return 0;
  return Number(divRoundHalfUp(BigInt(full) * BigInt(net), BigInt(gross)));
}
