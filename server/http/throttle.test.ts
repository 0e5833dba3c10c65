import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { Throttle, parseRate } from './throttle';

describe('parseRate', () => {
  it.each([
    ['10/min', { limit: 10, windowSeconds: 60 }],
    ['5/hour', { limit: 5, windowSeconds: 3600 }],
    ['3/s', { limit: 3, windowSeconds: 1 }],
    ['100/day', { limit: 100, windowSeconds: 86400 }],
  ])('%s', (rate, expected) => {
    expect(parseRate(rate)).toEqual(expected);
  });

  it('refuses nonsense', () => {
    expect(() => parseRate('often')).toThrow(/Invalid throttle rate/);
  });
});

describe('Throttle', () => {
  it('allows the limit per window and key, then answers 429 with Retry-After', () => {
    let now = 0;
    const throttle = new Throttle({ limit: 2, windowSeconds: 60 }, () => now);
    throttle.hit('a');
    throttle.hit('a');
    throttle.hit('b');
    now = 15_000;
    let error: unknown;
    try {
      throttle.hit('a');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).headers).toEqual({ 'retry-after': '45' });
    now = 60_000;
    expect(() => throttle.hit('a')).not.toThrow();
  });
});
