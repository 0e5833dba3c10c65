/** Server settings from the environment (`config.ts`): single sign-on and security headers. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('OIDC_MAX_AGE (docs/product.md §5 maximum auth age)', () => {
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

describe('JOULE_CSP_CONNECT_SRC (docs/security-headers.md)', () => {
  it('is a list of origins, space or comma separated', () => {
    expect(loadConfig({}).cspConnectSrc).toEqual([]);
    expect(
      loadConfig({ JOULE_CSP_CONNECT_SRC: 'https://a.example, https://b.example:8443/' })
        .cspConnectSrc,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it.each(['a.example', 'https://a.example/path', "'unsafe-inline'", 'data:'])(
    'refuses %s',
    (raw) => {
      expect(() => loadConfig({ JOULE_CSP_CONNECT_SRC: raw })).toThrow(/JOULE_CSP_CONNECT_SRC/);
    },
  );
});

describe('PostgreSQL time limits (security issue, "Faults")', () => {
  it('default to a 5 s connect and a 30 s statement timeout', () => {
    const config = loadConfig({});
    expect(config.databaseConnectTimeout).toBe(5);
    expect(config.databaseStatementTimeout).toBe(30);
  });

  it('are seconds when set; 0 turns the statement timeout off', () => {
    const config = loadConfig({ JOULE_DB_CONNECT_TIMEOUT: '2', JOULE_DB_STATEMENT_TIMEOUT: '0' });
    expect(config.databaseConnectTimeout).toBe(2);
    expect(config.databaseStatementTimeout).toBe(0);
  });

  it.each([
    ['JOULE_DB_CONNECT_TIMEOUT', '0'],
    ['JOULE_DB_CONNECT_TIMEOUT', 'soon'],
    ['JOULE_DB_STATEMENT_TIMEOUT', '-1'],
    ['JOULE_DB_STATEMENT_TIMEOUT', '2.5'],
  ])('refuses %s=%s', (name, raw) => {
    expect(() => loadConfig({ [name]: raw })).toThrow(new RegExp(name));
  });
});

describe('JOULE_PROCESSES (security issue, "Load")', () => {
  it('is 1 by default and a whole number up to 64', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(
      loadConfig({ JOULE_PROCESSES: '2', DATABASE_URL: 'postgres://db/joule' }).processes,
    ).toBe(2);
  });

  it.each([
    [{ JOULE_PROCESSES: '0' }, /whole number/],
    [{ JOULE_PROCESSES: '1.5' }, /whole number/],
    [{ JOULE_PROCESSES: '65' }, /whole number/],
    [{ JOULE_PROCESSES: '2' }, /needs DATABASE_URL/],
    [{ JOULE_PROCESSES: '2', DATABASE_URL: 'postgres://db/joule', JOULE_DEV_IDP: '1' }, /DEV_IDP/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('JOULE_WORKER (docs/operations.md)', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/joule';
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ JOULE_WORKER: '0' }, true],
    [{ DATABASE_URL: url }, true],
    [{ DATABASE_URL: url, JOULE_WORKER: '1' }, true],
    [{ DATABASE_URL: url, JOULE_WORKER: '0' }, false],
  ])('%j → the server takes billing jobs: %s', (env, worker) => {
    expect(loadConfig(env).worker).toBe(worker);
  });
});

describe('JOULE_TAX_RETENTION_YEARS', () => {
  it('is 10 years unless set, and refuses what is not a whole number of years', () => {
    expect(loadConfig({}).taxRetentionYears).toBe(10);
    expect(loadConfig({ JOULE_TAX_RETENTION_YEARS: '0' }).taxRetentionYears).toBe(0);
    expect(loadConfig({ JOULE_TAX_RETENTION_YEARS: '12' }).taxRetentionYears).toBe(12);
    for (const bad of ['-1', '1.5', 'ten', '101'])
      expect(() => loadConfig({ JOULE_TAX_RETENTION_YEARS: bad }), bad).toThrow(
        /JOULE_TAX_RETENTION_YEARS/,
      );
  });
});

describe('JOULE_EXPENSIVE_RATE', () => {
  it('is 60 per minute unless set; off disables it', () => {
    expect(loadConfig({}).expensiveRate).toEqual({ limit: 60, windowSeconds: 60 });
    expect(loadConfig({ JOULE_EXPENSIVE_RATE: '5/s' }).expensiveRate).toEqual({
      limit: 5,
      windowSeconds: 1,
    });
    expect(loadConfig({ JOULE_EXPENSIVE_RATE: 'off' }).expensiveRate).toBeUndefined();
  });
});
