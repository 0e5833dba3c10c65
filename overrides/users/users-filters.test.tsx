/** @vitest-environment jsdom */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileMap } from '../../codegen/lib/files';
import { buildResources } from '../../codegen/emit/generate';
import { parseSchemaFiles } from '../../codegen/emit/schema-input';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, ResourcePage, type ResourceDescriptor } from '../../src/resources';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { overrides } from '../index';

const generatedEnglish = generatedLabels('en');

const merged = mergeOverrides(descriptorsByName, overrides);
const users = [{ id: 1, email: 'a@joule.test', is_active: true, roles: [], roles_titles: [] }];
const lastQuery = (calls: readonly Call[]) =>
  calls.filter((call) => call.path === '/users/').at(-1)?.options.query;

function open(byName: Record<string, ResourceDescriptor>, url = '/') {
  const fake = fakeRequest(() => ({ data: { count: users.length, results: users } }));
  renderWithProviders(<ResourcePage descriptor={byName.users!} />, {
    request: fake.request,
    overrides,
    descriptorsByName: byName,
    locale: 'en',
    labels: generatedEnglish,
    url,
  });
  return fake.calls;
}

describe('the users list’s filters (docs/product.md §7)', () => {
  it('filters by a privilege the API publishes, and by the active flag', async () => {
    const calls = open(merged);
    await screen.findByRole('row', { name: 'a@joule.test' });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // The filter bar's code loads when it is first opened.
    const privilege = await screen.findByRole('combobox', { name: 'Has the privilege' });
    // Grouped by area, as the API publishes them.
    expect(privilege.querySelectorAll('optgroup').length).toBeGreaterThan(1);
    await userEvent.selectOptions(privilege, 'CUSTOMERS');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ hasPrivileges: 'CUSTOMERS' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Active' }), 'Yes');
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({
        hasPrivileges: 'CUSTOMERS',
        filter: 'is_active=true',
      }),
    );
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Has the privilege' }), '');
    await waitFor(() => expect(lastQuery(calls)?.hasPrivileges).toBeUndefined());
  });

  it('reads the filter from the URL', async () => {
    const calls = open(merged, '/?hasPrivileges=USERS,ROLES');
    await screen.findByRole('row', { name: 'a@joule.test' });
    expect(lastQuery(calls)).toMatchObject({ hasPrivileges: 'USERS,ROLES' });
  });

  it('steps aside on a plain DRF back-end that does not publish the parameter', async () => {
    const fixture = resolve(process.cwd(), 'tests/fixtures/drf');
    const resources = buildResources(parseSchemaFiles(await readFileMap(fixture)));
    const drf = mergeOverrides(
      Object.fromEntries(resources.map(({ descriptor }) => [descriptor.name, descriptor])),
      overrides,
    );
    expect(drf.users?.listParams).toBeUndefined();
    const calls = open(drf, '/?hasPrivileges=USERS');
    await screen.findByRole('row', { name: 'a@joule.test' });
    expect(screen.queryByRole('combobox', { name: 'Has the privilege' })).toBeNull();
    expect(lastQuery(calls)).not.toHaveProperty('hasPrivileges');
  });
});
