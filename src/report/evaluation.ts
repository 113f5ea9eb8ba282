// Figures for evaluation runs: pass rate, counts, time per candidate. Pure.

/** The nearest-rank quantile (q in [0, 1]) of `values`: always one of the values, 0 when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}
