import { describe, expect, it } from 'vitest';
import { jwtExpiringAt, jwtLiving } from './test-support/tokens';
import { canRefresh, effectiveMargin, refreshDecision, tokenExpiry } from './tokens';

const now = 1_750_000_000;

describe('tokenExpiry', () => {
  it.each<[string, { token: string | null; want: number | null }]>([
    ['a JWT', { token: jwtExpiringAt(now + 60), want: now + 60 }],
    ['empty', { token: '', want: null }],
    ['null', { token: null, want: null }],
    ['not a JWT', { token: 'opaque-token', want: null }],
    ['garbage parts', { token: 'a.b.c', want: null }],
  ])('%s', (_name, { token, want }) => {
    expect(tokenExpiry(token)).toBe(want);
  });
});

describe('effectiveMargin', () => {
  it.each<[string, { token: string; want: number }]>([
    ['a 300 s token: the 120 s margin', { token: jwtLiving(now, now + 300), want: 120 }],
    ['a 240 s token: the 120 s margin', { token: jwtLiving(now, now + 240), want: 120 }],
    ['a 10 s token: half its life', { token: jwtLiving(now, now + 10), want: 5 }],
    ['no iat: the 120 s margin', { token: jwtExpiringAt(now + 10), want: 120 }],
    ['not a JWT: the 120 s margin', { token: 'opaque', want: 120 }],
  ])('%s', (_name, { token, want }) => {
    expect(effectiveMargin(token)).toBe(want);
  });
});

describe('refreshDecision (margin 120 s)', () => {
  describe.each<[string, { access: string; refresh: string; want: string }]>([
    [
      'access valid well beyond the margin',
      { access: jwtExpiringAt(now + 300), refresh: jwtExpiringAt(now + 86_400), want: 'wait' },
    ],
    [
      'access expires within the margin',
      { access: jwtExpiringAt(now + 100), refresh: jwtExpiringAt(now + 86_400), want: 'refresh' },
    ],
    [
      'access exactly at the margin',
      { access: jwtExpiringAt(now + 120), refresh: jwtExpiringAt(now + 86_400), want: 'refresh' },
    ],
    [
      'access already expired',
      { access: jwtExpiringAt(now - 10), refresh: jwtExpiringAt(now + 86_400), want: 'refresh' },
    ],
    [
      'access unreadable',
      { access: 'opaque', refresh: jwtExpiringAt(now + 86_400), want: 'refresh' },
    ],
    [
      'refresh valid only within the margin',
      { access: jwtExpiringAt(now + 60), refresh: jwtExpiringAt(now + 100), want: 'logout' },
    ],
    [
      'refresh expired',
      { access: jwtExpiringAt(now + 60), refresh: jwtExpiringAt(now - 1), want: 'logout' },
    ],
    ['no refresh token', { access: jwtExpiringAt(now + 60), refresh: '', want: 'logout' }],
    [
      "an opaque refresh token (a provider's): tried, the provider decides",
      { access: jwtExpiringAt(now + 60), refresh: 'opaque-refresh-token', want: 'refresh' },
    ],
    [
      'a 300 s token with 121 s left (margin 120 s)',
      {
        access: jwtLiving(now - 179, now + 121),
        refresh: jwtExpiringAt(now + 86_400),
        want: 'wait',
      },
    ],
    [
      'a 10 s token with 6 s left (margin 5 s, half its life)',
      { access: jwtLiving(now - 4, now + 6), refresh: jwtExpiringAt(now + 86_400), want: 'wait' },
    ],
    [
      'a 10 s token with 5 s left',
      {
        access: jwtLiving(now - 5, now + 5),
        refresh: jwtExpiringAt(now + 86_400),
        want: 'refresh',
      },
    ],
    [
      'valid access, dead refresh: nothing yet',
      { access: jwtExpiringAt(now + 600), refresh: '', want: 'wait' },
    ],
  ])('%s', (_name, { access, refresh, want }) => {
    it(`→ ${want}`, () => {
      expect(refreshDecision({ access, refresh }, now)).toBe(want);
    });
  });
});

describe('canRefresh', () => {
  it.each<[string, { refresh: string; want: boolean }]>([
    ['valid', { refresh: jwtExpiringAt(now + 1), want: true }],
    ['expired', { refresh: jwtExpiringAt(now), want: false }],
    ['empty', { refresh: '', want: false }],
  ])('%s', (_name, { refresh, want }) => {
    expect(canRefresh(refresh, now)).toBe(want);
  });
});
