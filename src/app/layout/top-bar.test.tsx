/** @vitest-environment jsdom */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../../auth';
import { fakeDescriptor, renderApp, signIn } from '../test-support/render';

afterEach(() => {
  cleanup();
  authSession.timer.stop();
  authSession.store.clear();
});

/**
 * Every resource of docs/product.md §2 with its privilege, plus one the shell has never heard of.
 */
const descriptors = [
  fakeDescriptor('customers', 'CUSTOMERS'),
  fakeDescriptor('contracts', 'CONTRACTS'),
  fakeDescriptor('points', 'POINTS'),
  fakeDescriptor('tariffdevices', 'TARIFF'),
  fakeDescriptor('users', 'USERS'),
  fakeDescriptor('pricelists', 'PRICELISTS'),
  fakeDescriptor('tariffs', 'TARIFF'),
  fakeDescriptor('roles', 'USERS'),
  fakeDescriptor('collectors', 'TARIFF'),
  fakeDescriptor('meterbrands', 'TARIFF', 'app.menu.main'),
];

async function mainMenuLinks(name = 'Main menu'): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent ?? '');
}

async function settingsMenuItems(): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: 'Settings menu' }));
  const menu = await screen.findByRole('menu', { name: 'Settings menu' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('top bar by privilege (docs/product.md §2, §6)', () => {
  it.each<[string, { privileges: string[]; main: string[]; settings: string[] }]>([
    [
      'superuser sees everything, new resources last before the settings page',
      {
        privileges: ['superuser'],
        main: ['Customers', 'Contracts', 'Points', 'Devices', 'Users'],
        settings: [
          'Price list',
          'Tariffs',
          'Collectors',
          'Roles',
          'Main menu',
          'Settings (Global)',
        ],
      },
    ],
    [
      'Devices and the tariff pages come with TARIFF',
      {
        privileges: ['CUSTOMERS', 'TARIFF'],
        main: ['Customers', 'Devices'],
        settings: ['Tariffs', 'Collectors', 'Main menu', 'Settings (Global)'],
      },
    ],
    [
      'USERS gives Users and Roles',
      { privileges: ['USERS'], main: ['Users'], settings: ['Roles', 'Settings (Global)'] },
    ],
  ])('%s', async (_name, { privileges, main, settings }) => {
    signIn({ id: 1, email: 'jan.novak@joule.test', privileges });
    await renderApp({ descriptors });
    expect(await mainMenuLinks()).toEqual(main);
    expect(await settingsMenuItems()).toEqual(settings);
  });

  it('shows only resources that exist among the descriptors', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['superuser'] });
    await renderApp({
      descriptors: [fakeDescriptor('users', 'USERS'), fakeDescriptor('roles', 'USERS')],
    });
    expect(await mainMenuLinks()).toEqual(['Users']);
    expect(await settingsMenuItems()).toEqual(['Roles', 'Settings (Global)']);
  });

  it('labels entries in Czech', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['superuser'] });
    await renderApp({ descriptors, language: 'cs' });
    expect(await mainMenuLinks('Hlavní nabídka')).toEqual([
      'Zákazníci',
      'Smlouvy',
      'Odběrná místa',
      'Zařízení',
      'Uživatelé',
    ]);
    expect(screen.getByRole('link', { name: 'Uživatelé' }).getAttribute('href')).toBe('/users');
  });

  it('a link opens the resource; a resource without the privilege is refused at its address', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['CUSTOMERS'] });
    const { router } = await renderApp({ descriptors });
    await userEvent.click(await screen.findByRole('link', { name: 'Customers' }));
    await screen.findByRole('heading', { name: 'customers screen' });
    await router.navigate('/users');
    // docs/product.md §2 "Route guards": the page says which page, the URL stays.
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have no access to the product page “Users”.',
    );
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.queryByRole('heading', { name: 'users screen' })).toBeNull();
  });

  it('has the notification bell, without a badge while there is nothing to tell', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['USERS'] });
    const { container } = await renderApp({ descriptors });
    await screen.findByRole('button', { name: 'User menu' });
    const bar = container.querySelector('.joule-topbar') as HTMLElement;
    expect(within(bar).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(bar.querySelector('.joule-bell-badge')).toBeNull();
  });

  it('avatar menu: e-mail, About with the release, Logout back to login', async () => {
    signIn({ id: 1, email: 'jan.novak@joule.test', privileges: ['USERS'] });
    const { router } = await renderApp({ descriptors });
    // The menu's code loads when its button is pointed at (or soon after the page shows), and
    // the button is rendered anew as Blueprint's popover target then (LazyPopover): a click
    // on the button found before would go to a detached element. Click the one that stays.
    await userEvent.hover(await screen.findByRole('button', { name: 'User menu' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'User menu' }).getAttribute('aria-haspopup')).toBe(
        'menu',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('jan.novak@joule.test')).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    expect(within(dialog).getByText(__JOULE_RELEASE__)).toBeTruthy();
    expect(within(dialog).getByText(__JOULE_RELEASE_TAG__ || '—')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authSession.store.getState()).toEqual({
      backend: 'none',
      access: '',
      refresh: '',
      user: null,
    });
  });
});
