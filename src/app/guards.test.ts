/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../auth';
import {
  NO_ACCESS_MESSAGE,
  NO_ACCESS_PAGE_MESSAGE,
  NoAccessError,
  requirePrivilege,
  requireUser,
  takeReturnPath,
} from './guards';

afterEach(() => {
  sessionStorage.clear();
  authSession.store.clear();
});

/** Where the guard sent the user: a redirect's location, `refused` (no access), or null. */
async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    if (thrown instanceof NoAccessError) return 'refused';
    throw thrown;
  }
}

const request = (path: string) => new Request(`http://localhost${path}`);

describe('route guards (docs/product.md §2)', () => {
  it('sends a signed-out user to /login and remembers the page', async () => {
    expect(await redirectOf(requireUser(request('/customers?page=2')))).toBe('/login');
    expect(takeReturnPath()).toBe('/customers?page=2');
    expect(takeReturnPath()).toBe('/');
  });

  it.each<[string, { privileges: string[]; privilege: string | null; want: string | null }]>([
    ['held privilege: passes', { privileges: ['USERS'], privilege: 'USERS', want: null }],
    ['no check: passes', { privileges: ['USERS'], privilege: null, want: null }],
    ['missing privilege: refused', { privileges: ['USERS'], privilege: 'TARIFF', want: 'refused' }],
    ['superuser: passes', { privileges: ['superuser'], privilege: 'TARIFF', want: null }],
  ])('%s', async (_name, { privileges, privilege, want }) => {
    authSession.store.setTokens({ access: 'a', refresh: 'r' });
    authSession.store.setBackend('joule');
    authSession.store.setUser({ id: 1, email: 'a@joule.test', privileges });
    const guarded = requirePrivilege(request('/x/1'), privilege, 'app.menu.x');
    expect(await redirectOf(guarded)).toBe(want);
    // docs/product.md §2: a refused page is named by its title, at its address.
    if (want) {
      await expect(guarded).rejects.toMatchObject({ path: '/x/1', titleId: 'app.menu.x' });
      // Signing in as someone else returns to the refused page.
      expect(takeReturnPath()).toBe('/x/1');
    } else expect(takeReturnPath()).toBe('/');
  });

  it('the no-access message is docs/product.md §8 in both languages', async () => {
    const en = (await import('../../locales/en.json')).default as Record<string, string>;
    const cs = (await import('../../locales/cs.json')).default as Record<string, string>;
    expect(en[NO_ACCESS_MESSAGE.id]).toBe('You have no access to the product');
    expect(cs[NO_ACCESS_MESSAGE.id]).toBe('Nemáte přístup k produktu');
    expect(en[NO_ACCESS_PAGE_MESSAGE]).toMatch(
      /^You have no access to the product.*\{page\}.*administrator/,
    );
    expect(cs[NO_ACCESS_PAGE_MESSAGE]).toMatch(
      /^Nemáte přístup k produktu.*\{page\}.*administrátor/,
    );
  });

  it.each([['//evil.test/x'], ['https://evil.test/'], ['/login']])(
    'never returns to %s after sign-in',
    (stored) => {
      sessionStorage.setItem('joule.returnTo', stored);
      expect(takeReturnPath()).toBe('/');
    },
  );
});
