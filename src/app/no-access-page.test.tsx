/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../auth';
import { takeReturnPath } from './guards';
import { fakeDescriptor, renderApp, signIn } from './test-support/render';

afterEach(() => {
  cleanup();
  authSession.timer.stop();
  authSession.store.clear();
  sessionStorage.clear();
});

describe('a page the user may not use (docs/product.md §2 "Route guards", §8)', () => {
  it.each<['en' | 'cs', string]>([
    [
      'en',
      'You have no access to the product page “Tariffs”. An administrator can grant you access (Users and Roles).',
    ],
    [
      'cs',
      'Nemáte přístup k produktu, ke stránce „Tarify“. Přístup vám může udělit administrátor (Uživatelé a Role).',
    ],
  ])('is named by its title and stays at its address (%s)', async (language, message) => {
    signIn({ id: 2, email: 'clerk@joule.test', privileges: ['CUSTOMERS'] });
    const { router } = await renderApp({
      path: '/tariffs/1?page=2',
      language,
      descriptors: [fakeDescriptor('tariffs', 'TARIFF'), fakeDescriptor('customers', 'CUSTOMERS')],
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/tariffs/1?page=2',
    );
    expect(screen.queryByRole('heading', { name: 'tariffs screen' })).toBeNull();
    // The shell stays: the user can go on elsewhere, or sign in as someone else to return.
    await router.navigate('/customers');
    await screen.findByRole('heading', { name: 'customers screen' });
    expect(takeReturnPath()).toBe('/tariffs/1?page=2');
  });

  it('opens the page once the privilege is there', async () => {
    signIn({ id: 1, email: 'admin@joule.test', privileges: ['superuser'] });
    await renderApp({ path: '/tariffs/1', descriptors: [fakeDescriptor('tariffs', 'TARIFF')] });
    await screen.findByRole('heading', { name: 'tariffs screen' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
