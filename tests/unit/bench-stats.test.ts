import { describe, expect, it } from 'vitest';
import { drawSample, median, percentile, seededRandom, withRange } from '../../bench/stats';

describe('bench statistics', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it.each([
    [50, 50],
    [95, 95],
    [99, 99],
    [100, 100],
    [0.5, 1],
  ])('percentile %s of 1…100 is %s (nearest rank)', (p, expected) => {
    expect(percentile(hundred, p)).toBe(expected);
  });

  it('takes the nearest rank above on few samples', () => {
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 99)).toBe(30);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives the median of unsorted values, the mean of the middle two for an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('writes a figure with the range of its runs', () => {
    expect(withRange([120, 100, 180])).toBe('120 (100–180)');
    expect(withRange([1.25, 1.5], 1)).toBe('1.4 (1.3–1.5)');
    expect(withRange([42.4])).toBe('42');
  });

  it('draws the same numbers from the same seed, in [0, 1)', () => {
    const a = seededRandom(15);
    const b = seededRandom(15);
    const first = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom(16)()).not.toBe(first[0]);
  });

  it('draws a sample of distinct items, the same for the same seed', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const sample = drawSample(items, 100, seededRandom(7));
    expect(new Set(sample).size).toBe(100);
    expect(sample.every((item) => item >= 0 && item < 1000)).toBe(true);
    expect(drawSample(items, 100, seededRandom(7))).toEqual(sample);
    expect(items.slice(0, 3)).toEqual([0, 1, 2]);
    expect(drawSample([1, 2, 3], 10, seededRandom(7)).sort()).toEqual([1, 2, 3]);
  });
});
