import { describe, expect, it } from 'vitest';
import { formatFuseRange, fuseRangeProblem, type Phases } from './fuse-range';

const NBSP = '\u00a0';

describe('formatFuseRange', () => {
  it.each<[Phases, number | null, number | null, string, string]>([
    [1, 25, 25, 'cs', `1×25${NBSP}A`],
    [3, 16, 25, 'cs', `3×16–25${NBSP}A`],
    [3, 16, 25, 'en', `3×16–25${NBSP}A`],
    [1, 0, 0, 'en', `1×0${NBSP}A`],
    [3, 1000, 1250, 'en', `3×1,000–1,250${NBSP}A`],
    [3, 16, null, 'en', `3×≥16${NBSP}A`],
    [1, null, 63, 'cs', `1×≤63${NBSP}A`],
    [1, null, null, 'cs', ''],
    [3, null, null, 'en', ''],
    [null, 16, 25, 'cs', `16–25${NBSP}A`],
    [null, 25, 25, 'en', `25${NBSP}A`],
  ])('%i phase(s) %s–%s in %s is %j', (phases, from, to, locale, expected) => {
    expect(formatFuseRange(phases, from, to, locale)).toBe(expected);
  });

  it('treats undefined like null', () => {
    expect(formatFuseRange(1, undefined, undefined, 'en')).toBe('');
  });
});

describe('fuseRangeProblem', () => {
  it.each<[unknown, unknown, ReturnType<typeof fuseRangeProblem>]>([
    [16, 25, null],
    [25, 25, null],
    [25, 16, 'reversed'],
    [-1, 25, 'negative'],
    [0, -5, 'negative'],
    [null, null, null],
    [25, null, null],
    [undefined, 16, null],
  ])('%j–%j gives %j', (from, to, expected) => {
    expect(fuseRangeProblem(from, to)).toBe(expected);
  });
});
