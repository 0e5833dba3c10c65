/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authSession } from '../../src/auth';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import { overrides } from '../index';
import { userFormAccess } from '.';

const merged = mergeOverrides(descriptorsByName, overrides);
const users = merged.users!;

const roles = [
  { id: 1, name: 'Administrator', privileges: ['superuser'] },
  { id: 2, name: 'Clerk', privileges: ['CUSTOMERS', 'CONTRACTS'] },
  { id: 3, name: 'Customer desk', privileges: ['CUSTOMERS'] },
];
const people = [
  { id: 1, email: 'admin@joule.test', is_active: true, roles: [1] },
  { id: 10, email: 'editor@joule.test', is_active: true, roles: [3] },
  { id: 20, email: 'desk@joule.test', is_active: true, roles: [3] },
];

function answer({ path }: Call) {
  const role = /^\/roles\/(\d+)\/$/.exec(path);
  if (role) return { data: roles.find((row) => row.id === Number(role[1])) };
  if (path === '/roles/') return { data: { count: 3, next: null, previous: null, results: roles } };
  // The title lookup the picker uses when no row filter needs whole rows (engine/titles.ts).
  if (path === '/roles/titles/') {
    const results = roles.map(({ id, name }) => ({ id, title: name }));
    return { data: { count: results.length, next: null, previous: null, results } };
  }
  const user = /^\/users\/(\d+)\/$/.exec(path);
  if (user) return { data: people.find((row) => row.id === Number(user[1])), etag: '"v1"' };
  throw new Error(`unexpected ${path}`);
}

const EDITOR = { id: 10, email: 'editor@joule.test', privileges: ['CUSTOMERS', 'ROLES', 'USERS'] };
const SUPERUSER = { id: 1, email: 'admin@joule.test', privileges: ['superuser'] };

function open(
  id: number | null,
  user: typeof EDITOR,
  mayUse?: (privilege: string | null) => boolean,
) {
  authSession.store.setUser(user);
  const { request } = fakeRequest(answer);
  renderWithProviders(<ResourceDialog descriptor={users} id={id} onClose={() => undefined} />, {
    request,
    locale: 'en',
    descriptorsByName: merged,
    overrides,
    mayUse,
  });
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[id$="_${name}"]`);
const rolesPicker = () => screen.getByRole('combobox');

async function offeredRoles(): Promise<string[]> {
  await userEvent.click(rolesPicker());
  await userEvent.keyboard('{ArrowDown}');
  const list = await screen.findByRole('listbox');
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

afterEach(() => authSession.store.setUser(null));

describe('the users dialog offers only what the server accepts (server/auth/grants.ts)', () => {
  it('offers a non-superuser only the roles within its own privileges', async () => {
    open(null, EDITOR);
    await screen.findByRole('combobox');
    expect(await offeredRoles()).toEqual(['Customer desk']);
    // Creating a user: the password may be set.
    expect(field('password')).not.toBeNull();
  });

  it('hides another user’s password from a non-superuser', async () => {
    open(20, EDITOR);
    await waitFor(() => expect(field('email')?.value).toBe('desk@joule.test'));
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    const password = field('password');
    expect(password === null || password.closest('[hidden]') !== null).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('locks one’s own roles but keeps one’s own password', async () => {
    open(10, EDITOR);
    await waitFor(() => expect(field('email')?.value).toBe('editor@joule.test'));
    expect(rolesPicker()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(field('password')?.closest('[hidden]')).toBeNull();
  });

  it('makes a superuser read-only to a non-superuser', async () => {
    open(1, EDITOR);
    await waitFor(() => expect(field('email')?.value).toBe('admin@joule.test'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(field('email')).toHaveProperty('disabled', true);
  });

  it('offers no roles to an editor who may not read roles', async () => {
    open(null, { ...EDITOR, privileges: ['USERS'] }, (privilege) => privilege === 'USERS');
    await userEvent.click(await screen.findByRole('combobox'));
    await userEvent.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(list.textContent).toBe('Nothing found'));
    expect(within(list).queryAllByRole('option')).toEqual([]);
  });

  it('lets a superuser grant any role and set another user’s password', async () => {
    open(20, SUPERUSER);
    await waitFor(() => expect(field('email')?.value).toBe('desk@joule.test'));
    expect(field('password')?.closest('[hidden]')).toBeNull();
    expect(await offeredRoles()).toEqual(['Administrator', 'Clerk']);
  });
});

describe('userFormAccess', () => {
  it('leaves a superuser everything but its own roles', () => {
    expect(userFormAccess(SUPERUSER, 20, ['superuser'])).toEqual({ uiSchema: {}, readOnly: false });
    expect(userFormAccess(SUPERUSER, 1, ['superuser']).uiSchema).toEqual({
      roles: { 'ui:disabled': true },
    });
  });

  it('is read-only on a user holding more, editable when that is unknown', () => {
    expect(userFormAccess(EDITOR, 2, ['CUSTOMERS', 'CONTRACTS']).readOnly).toBe(true);
    expect(userFormAccess(EDITOR, 2, undefined).readOnly).toBe(false);
    expect(userFormAccess(EDITOR, 2, ['CUSTOMERS']).readOnly).toBe(false);
  });
});

describe('the users dialog as staff expect it (docs/product.md)', () => {
  it('shows the active flag as a switch and the roles by name', async () => {
    open(20, SUPERUSER);
    await waitFor(() => expect(field('email')?.value).toBe('desk@joule.test'));
    const active = field('is_active')!;
    expect(active.type).toBe('checkbox');
    expect(active.closest('.bp6-switch')).not.toBeNull();
    expect(active.checked).toBe(true);
    await waitFor(() => expect(screen.getByText('Customer desk')).toBeTruthy());
  });
});
