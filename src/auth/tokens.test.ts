import { describe, expect, it } from 'vitest';
import { jwtExpiringAt } from './test-tokens';
import { canRefresh, refreshDecision, tokenExpiry } from './tokens';

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
