import { describe, expect, it } from 'vitest';
import { relativeTime, type RelativeTime } from './relative-time';

const now = new Date(Date.UTC(2025, 5, 15, 12, 0, 0));
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it.each<[string, number, RelativeTime]>([
    ['just now', 0, { value: 0, unit: 'second' }],
    ['9 s', 9 * S, { value: 0, unit: 'second' }],
    ['10 s', 10 * S, { value: -10, unit: 'second' }],
    ['59 s', 59 * S, { value: -50, unit: 'second' }],
    ['60 s', 60 * S, { value: -1, unit: 'minute' }],
    ['119 s', 119 * S, { value: -1, unit: 'minute' }],
    ['59 min', 59 * M, { value: -59, unit: 'minute' }],
    ['3 h', 3 * H + 5 * M, { value: -3, unit: 'hour' }],
    ['1 day', 25 * H, { value: -1, unit: 'day' }],
    ['40 days', 40 * D, { value: -1, unit: 'month' }],
    ['2 years', 800 * D, { value: -2, unit: 'year' }],
    ['in the future (clock skew)', -2 * M, { value: 2, unit: 'minute' }],
  ])('%s', (_name, delta, want) => {
    expect(relativeTime(ago(delta), now)).toEqual(want);
  });
});
