/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authSession } from '../../src/auth';
import { descriptorsByName } from '../../src/generated/descriptors';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { mergeOverrides } from '../../src/resources';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import { overrides } from '../index';
import { roleFormAccess } from '.';

const generatedEnglish = generatedLabels('en');

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
  authSession.store.setUser({ ...ROLES_ONLY, privileges: [...privileges] });
  const { request } = fakeRequest(answer);
  renderWithProviders(<ResourceDialog descriptor={roles} id={id} onClose={() => undefined} />, {
    request,
    locale: 'en',
    descriptorsByName: merged,
    overrides,
    labels: generatedEnglish,
  });
}

/** The privilege checkbox labelled `name` (English). */
function box(name: RegExp): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('checkbox', { name });
}

/** Whether the superuser, Roles and Users checkboxes are enabled. */
function checkboxes(): { superuser: boolean; ROLES: boolean; USERS: boolean } {
  return {
    superuser: !box(/^Superuser/).disabled,
    ROLES: !box(/^Roles$/).disabled,
    USERS: !box(/^Users$/).disabled,
  };
}

afterEach(() => authSession.store.setUser(null));

describe('the roles dialog offers only what the server accepts (server/auth/grants.ts)', () => {
  it('disables the privileges the editor lacks', async () => {
    open(null, ['ROLES']);
    // One box per privilege; the role's own "Requires two-factor" is not one of them.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('checkbox')
          .filter((box) => box !== screen.queryByRole('checkbox', { name: 'Requires two-factor' }))
          .length,
      ).toBe(roles.fields.find((f) => f.name === 'privileges')!.choices!.length),
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
    open(4, ['superuser']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy());
    expect(checkboxes()).toEqual({ superuser: true, ROLES: true, USERS: true });
    expect(roleFormAccess(roles, ['superuser'], rows[0]!)).toEqual({});
  });
});

describe('the privileges as the API publishes them (docs/product.md)', () => {
  it('groups the checkboxes by area, in the areas’ order, with every privilege once', async () => {
    open(4, ['superuser']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy());
    const groups = [...document.querySelectorAll('fieldset.joule-choice-group')].map((set) => ({
      area: set.querySelector('legend')?.textContent,
      privileges: [...set.querySelectorAll('label')].map((label) => label.textContent),
    }));
    expect(groups.map((group) => group.area)).toEqual([
      'Administration',
      'Customers and contracts',
      'Devices and readings',
      'Prices and products',
      'Settings and reports',
      'Billing',
    ]);
    expect(groups[0]!.privileges).toEqual(['Superusereverything', 'Users', 'Audit log', 'Roles']);
    expect(groups[1]!.privileges).toEqual([
      'Customers',
      'Contracts',
      'Consumption points',
      'Personal data',
    ]);
    const all = groups.flatMap((group) => group.privileges);
    expect(all).toHaveLength(roles.fields.find((f) => f.name === 'privileges')!.choices!.length);
  });

  it('marks superuser as everything: ticking it shows the others included', async () => {
    open(4, ['superuser']);
    await waitFor(() => expect(box(/^Roles$/).checked).toBe(true));
    expect(box(/^Users$/).checked).toBe(false);
    await userEvent.click(box(/^Superuser/));
    expect(box(/^Superuser/).checked).toBe(true);
    for (const name of [/^Users$/, /^Customers$/, /^Fuses$/]) {
      expect(box(name).checked).toBe(true);
      expect(box(name).disabled).toBe(true);
    }
    await userEvent.click(box(/^Superuser/));
    expect(box(/^Users$/).checked).toBe(false);
    expect(box(/^Roles$/).checked).toBe(true);
    expect(box(/^Roles$/).disabled).toBe(false);
  });
});
