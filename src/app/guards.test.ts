/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../auth';
import { requirePrivilege, requireUser, takeReturnPath } from './guards';

afterEach(() => {
  sessionStorage.clear();
  authSession.store.clear();
});

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const request = (path: string) => new Request(`http://localhost${path}`);

describe('route guards (SPEC §2)', () => {
  it('sends a signed-out user to /login and remembers the page', async () => {
    expect(await redirectOf(requireUser(request('/customers?page=2')))).toBe('/login');
    expect(takeReturnPath()).toBe('/customers?page=2');
    expect(takeReturnPath()).toBe('/');
  });

  it.each<[string, { privileges: string[]; privilege: string | null; want: string | null }]>([
    ['held privilege: passes', { privileges: ['USERS'], privilege: 'USERS', want: null }],
    ['no check: passes', { privileges: ['USERS'], privilege: null, want: null }],
    ['missing privilege: home', { privileges: ['USERS'], privilege: 'TARIFF', want: '/' }],
    ['superuser: passes', { privileges: ['superuser'], privilege: 'TARIFF', want: null }],
  ])('%s', async (_name, { privileges, privilege, want }) => {
    authSession.store.setTokens({ access: 'a', refresh: 'r' });
    authSession.store.setBackend('joule');
    authSession.store.setUser({ id: 1, email: 'a@joule.test', privileges });
    expect(await redirectOf(requirePrivilege(request('/x'), privilege))).toBe(want);
  });

  it.each([['//evil.test/x'], ['https://evil.test/'], ['/login']])(
    'never returns to %s after sign-in',
    (stored) => {
      sessionStorage.setItem('joule.returnTo', stored);
      expect(takeReturnPath()).toBe('/');
    },
  );
});
