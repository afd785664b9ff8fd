/** The small figures every bench prints: quantiles by linear interpolation, rounding, sizes, waiting. */

/** The q-quantile (0..1) of `values`, interpolated between neighbours; null when there are none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

export const median = (values: readonly number[]): number | null => quantile(values, 0.5);

/** `v` to `digits` decimals (a number, for JSON); null stays null. */
export const round = (v: number | null, digits = 2): number | null =>
  v === null ? null : Number(v.toFixed(digits));

export const MiB = 1024 * 1024;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
