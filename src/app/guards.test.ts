/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../auth';
import {
  NO_ACCESS_MESSAGE,
  NO_ACCESS_PAGE_MESSAGE,
  requirePrivilege,
  requireUser,
  takeReturnPath,
} from './guards';
import { showSnackbar } from './snackbar/snackbar';

vi.mock('./snackbar/snackbar', () => ({ showSnackbar: vi.fn() }));

afterEach(() => {
  sessionStorage.clear();
  authSession.store.clear();
  vi.mocked(showSnackbar).mockClear();
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

describe('route guards (docs/product.md §2)', () => {
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
    // docs/product.md §8: a refused page says why, on the page the user lands on.
    if (want) {
      expect(showSnackbar).toHaveBeenCalledWith({
        message: { id: NO_ACCESS_PAGE_MESSAGE, values: { page: '/x' } },
        color: 'warning',
      });
      // Signing in as someone else returns to the refused page.
      expect(takeReturnPath()).toBe('/x');
    } else expect(showSnackbar).not.toHaveBeenCalled();
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
