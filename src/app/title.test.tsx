/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../auth';
import { fakeDescriptor, renderApp, signIn } from './test-support/render';
import { pageTitle } from './title';

afterEach(() => {
  cleanup();
  authSession.timer.stop();
  authSession.store.clear();
  document.title = '';
});

describe('pageTitle', () => {
  it.each<[string | null, string]>([
    ['Login', 'Login // Joule'],
    ['Uživatelé', 'Uživatelé // Joule'],
    [null, 'Joule'],
    ['', 'Joule'],
  ])('%s → %s', (title, want) => {
    expect(pageTitle(title, 'Joule')).toBe(want);
  });
});

describe('document title after each route change (docs/product.md §2)', () => {
  it.each<['en' | 'cs', string]>([
    ['en', 'Login // Joule'],
    ['cs', 'Přihlášení // Joule'],
  ])('login page in %s', async (language, want) => {
    await renderApp({ path: '/login', language });
    await waitFor(() => expect(document.title).toBe(want));
  });

  it('follows navigation: home, settings, a resource titled by its descriptor', async () => {
    signIn({ id: 1, email: 'admin@joule.test', privileges: ['USERS'] });
    const { router } = await renderApp({
      path: '/',
      language: 'cs',
      descriptors: [fakeDescriptor('users', 'USERS', 'app.menu.users')],
    });
    await waitFor(() => expect(document.title).toBe('Přehled // Joule'));
    await router.navigate('/settings');
    await waitFor(() => expect(document.title).toBe('Nastavení // Joule'));
    await router.navigate('/users');
    await screen.findByRole('heading', { name: 'users screen' });
    await waitFor(() => expect(document.title).toBe('Uživatelé // Joule'));
  });

  it('opens a resource page loaded directly', async () => {
    signIn({ id: 1, email: 'admin@joule.test', privileges: ['superuser'] });
    await renderApp({
      path: '/users?page=2',
      descriptors: [fakeDescriptor('users', 'USERS', 'app.menu.users')],
    });
    await screen.findByRole('heading', { name: 'users screen' });
    await waitFor(() => expect(document.title).toBe('Users // Joule'));
  });

  it('a signed-out visitor of a guarded page lands on login', async () => {
    const { router } = await renderApp({
      path: '/users',
      descriptors: [fakeDescriptor('users', 'USERS')],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(document.title).toBe('Login // Joule'));
  });
});
