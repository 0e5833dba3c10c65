/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../generated/descriptors';
import { ResourceGroupPage, type ResourceGroup } from './resource-group-page';
import { fakeRequest, renderWithProviders } from './test-support/render';

const group: ResourceGroup = {
  name: 'utilities',
  title: 'app.menu.utilities',
  privilege: 'UTILITIES',
  resources: ['suppliers', 'distributors'],
};
const members = [descriptorsByName.suppliers!, descriptorsByName.distributors!];

const rows: Record<string, object[]> = {
  '/suppliers/': [{ id: 1, code: 'S01', name: 'Dodavatel Jih' }],
  '/distributors/': [{ id: 2, code: 'D01', name: 'ČEZ Distribuce' }],
};

describe('ResourceGroupPage', () => {
  it('shows the group title and one list per member, a tab each', async () => {
    const { request, calls } = fakeRequest(({ path }) => ({
      data: { count: rows[path]?.length ?? 0, results: rows[path] ?? [] },
    }));
    renderWithProviders(<ResourceGroupPage group={group} descriptors={members} />, {
      request,
      locale: 'en',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Utilities' })).toBeTruthy();
    // The test catalogue lacks the generated titles: the resource names stand in.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'suppliers',
      'distributors',
    ]);
    expect(await screen.findByRole('row', { name: 'S01 Dodavatel Jih' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();

    await userEvent.click(screen.getAllByRole('tab')[1]!);
    expect(await screen.findByRole('row', { name: 'D01 ČEZ Distribuce' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'S01 Dodavatel Jih' })).toBeNull();
    // Besides the user's preferences (the columns), asked once per session.
    expect(
      calls.map((call) => call.path).filter((path) => path !== '/auth/me/preferences/'),
    ).toEqual(['/suppliers/', '/distributors/']);
  });

  it('opens the tab the URL names', async () => {
    const { request } = fakeRequest(({ path }) => ({
      data: { count: rows[path]?.length ?? 0, results: rows[path] ?? [] },
    }));
    renderWithProviders(<ResourceGroupPage group={group} descriptors={members} />, {
      request,
      url: '/?tab=distributors',
    });
    expect(await screen.findByRole('row', { name: 'D01 ČEZ Distribuce' })).toBeTruthy();
    expect(screen.getAllByRole('tab')[1]?.getAttribute('aria-selected')).toBe('true');
  });
});
