/** Server settings from the environment (`config.ts`): the single sign-on ones. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('OIDC_MAX_AGE (SPEC §5 maximum auth age)', () => {
  it('is seconds when set', () => {
    expect(loadConfig({ OIDC_MAX_AGE: '600' }).oidcMaxAge).toBe(600);
  });

  it('is not enforced when unset or empty', () => {
    expect(loadConfig({}).oidcMaxAge).toBeUndefined();
    expect(loadConfig({ OIDC_MAX_AGE: '' }).oidcMaxAge).toBeUndefined();
  });

  it.each(['0', '-5', '1.5', 'ten'])('refuses %s', (raw) => {
    expect(() => loadConfig({ OIDC_MAX_AGE: raw })).toThrow(/OIDC_MAX_AGE/);
  });
});

describe('OIDC_REQUIRE_EMAIL_VERIFIED', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, true],
    ['', true],
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
  ])('%s → %s', (raw, required) => {
    expect(loadConfig({ OIDC_REQUIRE_EMAIL_VERIFIED: raw }).oidcRequireEmailVerified).toBe(
      required,
    );
  });

  it('refuses other values', () => {
    expect(() => loadConfig({ OIDC_REQUIRE_EMAIL_VERIFIED: 'no' })).toThrow(
      /OIDC_REQUIRE_EMAIL_VERIFIED/,
    );
  });
});
