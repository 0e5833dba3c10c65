/**
 * The few statistics the benches print: percentiles of samples, the median of repeated runs
 * and a figure with its runs' range. Pure; covered by `tests/unit/bench-stats.test.ts`.
 */

/**
 * The `p`-th percentile (0 < `p` ≤ 100) of `sorted` (ascending), by the nearest-rank method:
 * the smallest sample with at least `p` % of the samples at or below it. NaN when empty.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** The median of `values` (any order; the mean of the middle two for an even count). NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * `median (min–max)` of `values` with `digits` decimals (default whole numbers); just the
 * value when there is one.
 */
export function withRange(values: readonly number[], digits = 0): string {
  const round = (value: number) => value.toFixed(digits);
  if (values.length === 1) return round(values[0]!);
  return `${round(median(values))} (${round(Math.min(...values))}–${round(Math.max(...values))})`;
}

/** The seed's deterministic generator, so that a bench draws the same sample on every run. */
export { seededRandom } from '../server/seed';

/**
 * `count` distinct items of `items` drawn by `random` (a partial Fisher–Yates shuffle; all
 * of them, shuffled, when there are fewer). `items` is left as it was.
 */
export function drawSample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}
