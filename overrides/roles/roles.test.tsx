/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
import { roleFormAccess } from '.';

const merged = mergeOverrides(descriptorsByName, overrides);
const roles = merged.roles!;

const rows = [
  { id: 1, name: 'Administrator', privileges: ['superuser'] },
  { id: 4, name: 'Role keepers', privileges: ['ROLES'] },
];

function answer({ path }: Call) {
  const role = /^\/roles\/(\d+)\/$/.exec(path);
  if (role) return { data: rows.find((row) => row.id === Number(role[1])), etag: '"v1"' };
  throw new Error(`unexpected ${path}`);
}

const ROLES_ONLY = { id: 10, email: 'keeper@joule.test', privileges: ['ROLES'] };

function open(id: number | null, privileges: readonly string[]) {
  authSession.store.setUser({ ...ROLES_ONLY, privileges });
  const { request } = fakeRequest(answer);
  renderWithProviders(<ResourceDialog descriptor={roles} id={id} onClose={() => undefined} />, {
    request,
    locale: 'en',
    descriptorsByName: merged,
    overrides,
  });
}

/** The privilege checkboxes in catalogue order, by value, with whether each is enabled. */
function checkboxes(): { superuser: boolean; ROLES: boolean; USERS: boolean } {
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const order = roles.fields.find((field) => field.name === 'privileges')!.choices!;
  const enabled = (value: string) =>
    !boxes[order.findIndex((choice) => choice.value === value)]!.disabled;
  return { superuser: enabled('superuser'), ROLES: enabled('ROLES'), USERS: enabled('USERS') };
}

afterEach(() => authSession.store.setUser(null));

describe('the roles dialog offers only what the server accepts (server/auth/grants.ts)', () => {
  it('disables the privileges the editor lacks', async () => {
    open(null, ['ROLES']);
    await waitFor(() =>
      expect(document.querySelectorAll('input[type="checkbox"]').length).toBe(17),
    );
    expect(checkboxes()).toEqual({ superuser: false, ROLES: true, USERS: false });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('makes a role granting more read-only', async () => {
    open(1, ['ROLES']);
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('input[id$="_name"]')?.value).toBe(
        'Administrator',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('leaves a role within the editor’s privileges editable', async () => {
    open(4, ['ROLES']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('leaves a superuser everything', async () => {
    open(1, ['superuser']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy());
    expect(checkboxes()).toEqual({ superuser: true, ROLES: true, USERS: true });
    expect(roleFormAccess(roles, ['superuser'], rows[0]!)).toEqual({});
  });
});
