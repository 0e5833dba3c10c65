import { describe, expect, it } from 'vitest';
import { median, percentile, withRange } from '../../bench/stats';

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
});
