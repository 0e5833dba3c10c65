/**
 * Main-fuse current ranges as the trade writes them (docs/product.md §3 "Fuse", "Tariff"): the
 * number of phases, a multiplication sign, the range in amperes — `1×25 A` when both ends
 * are equal, `3×16–25 A` otherwise. Pure functions, shared by the list cells and the form
 * widget of fuses and tariffs.
 */

/**
 * Number of phases of a range: single-phase or three-phase; null when the range holds for
 * any (a tariff's fuse condition), written then without the `n×` prefix.
 */
export type Phases = 1 | 3 | null;

/** Why a range is refused before it is sent (the server checks the same, docs/product.md §3). */
export type FuseRangeProblem = 'negative' | 'reversed';

/** A bound as the API sends it: an integer, null, or a form value not yet a number. */
type Bound = number | null | undefined;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * `phases×from–to A` (`from–to A` when `phases` is null) in `locale`'s digits (`3×16–25 A`), `phases×value A` when `from`
 * equals `to`, `phases×≥from A` / `phases×≤to A` when only one end is set, and the empty
 * string when neither is (a range nobody entered). Non-breaking spaces keep the unit on
 * the number's line.
 */
export function formatFuseRange(phases: Phases, from: Bound, to: Bound, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const low = isNumber(from) ? number.format(from) : null;
  const high = isNumber(to) ? number.format(to) : null;
  let range: string;
  if (low !== null && high !== null) range = from === to ? low : `${low}–${high}`;
  else if (low !== null) range = `≥${low}`;
  else if (high !== null) range = `≤${high}`;
  else return '';
  return `${phases === null ? '' : `${phases}×`}${range}\u00a0A`;
}

/**
 * What is wrong with a range, or null when nothing is: a negative end first, then `from`
 * above `to`. Ends that are not numbers (empty) are not judged.
 */
export function fuseRangeProblem(from: unknown, to: unknown): FuseRangeProblem | null {
  if ((isNumber(from) && from < 0) || (isNumber(to) && to < 0)) return 'negative';
  if (isNumber(from) && isNumber(to) && from > to) return 'reversed';
  return null;
}
