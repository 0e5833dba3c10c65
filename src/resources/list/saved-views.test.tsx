/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from '../resource-page';
import { contracts } from '../test-support/fixtures';
import { openLazyPopover } from '../test-support/popover';
import { apiError, fakeRequest, renderWithProviders, type Call } from '../test-support/render';
import type { SavedView } from './saved-views';

const mine: SavedView = {
  id: 7,
  resource: 'contracts',
  name: 'Active',
  query: 'search=S-1',
  columns: null,
  roles: [],
  mine: true,
};
const shared: SavedView = { ...mine, id: 8, name: 'Clerks’ view', mine: false };

/** The API with saved views (docs/api.md "Saved views"), roles and one page of contracts. */
function server(call: Call) {
  const { method, path } = call;
  if (path === '/auth/me/preferences/') apiError(404, { detail: 'Not found.' });
  if (path === '/auth/me/views/' && method === 'GET') return { data: [mine, shared] };
  if (path === '/auth/me/views/' && method === 'POST')
    return { data: { ...(call.options.body as object), id: 9, mine: true }, status: 201 };
  if (path === '/auth/me/views/7/' && method === 'GET') return { data: mine };
  if (path === '/auth/me/views/7/' && method === 'DELETE') return { data: null, status: 204 };
  if (path === '/roles/titles/')
    return { data: { count: 1, results: [{ id: 3, title: 'Clerks' }] } };
  return { data: { count: 0, results: [] } };
}

const views = (calls: readonly Call[]) =>
  calls
    .filter((call) => call.path.startsWith('/auth/me/views/') || call.path === '/roles/titles/')
    .map(({ method, path, options }) => ({
      method,
      path,
      query: options.query,
      body: options.body,
    }));

describe('saved views through the typed client', () => {
  it('reads a linked view, lists, saves and deletes views with the calls of the API', async () => {
    const user = userEvent.setup();
    const { request, calls } = fakeRequest(server);
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      locale: 'en',
      url: '/contracts?view=7',
      keepsViews: true,
    });
    // The linked view is read and applied: the button names it.
    await screen.findByRole('button', { name: 'Views: Active' });
    expect(views(calls).slice(0, 2)).toEqual(
      expect.arrayContaining([
        {
          method: 'GET',
          path: '/auth/me/views/',
          query: { resource: 'contracts' },
          body: undefined,
        },
        { method: 'GET', path: '/auth/me/views/7/', query: undefined, body: undefined },
      ]),
    );

    await openLazyPopover(user, 'Views: Active');
    await screen.findByRole('menuitem', { name: /Clerks’ view/ });
    await user.type(screen.getByLabelText('Save this view as'), 'Mine');
    await user.click(await screen.findByRole('checkbox', { name: 'Clerks' }));
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(views(calls)).toContainEqual({
        method: 'POST',
        path: '/auth/me/views/',
        query: undefined,
        body: {
          resource: 'contracts',
          name: 'Mine',
          query: 'search=S-1',
          columns: expect.objectContaining({ order: expect.any(Array), hidden: expect.any(Array) }),
          roles: [3],
        },
      }),
    );
    expect(views(calls)).toContainEqual({
      method: 'GET',
      path: '/roles/titles/',
      query: { page_size: 100 },
      body: undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'Delete the view Active' }));
    await waitFor(() =>
      expect(views(calls)).toContainEqual({
        method: 'DELETE',
        path: '/auth/me/views/7/',
        query: undefined,
        body: undefined,
      }),
    );
  });
});
