/** @vitest-environment jsdom */
import { useEffect } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../auth';
import { App } from './app';
import { takeReturnPath } from './guards';
import type { ShellRegistry } from './shell-registry';
import { fakeDescriptor, signIn, testRouter as router } from './test-support/render';

afterEach(() => {
  cleanup();
  authSession.timer.stop();
  authSession.store.clear();
  sessionStorage.clear();
});

/** Counts its renders' mounts: a remount would start the list afresh. */
const mounted = vi.fn();

function ListScreen({ descriptor }: { descriptor: { name: string } }) {
  useEffect(() => mounted(), []);
  return <h1>{`${descriptor.name} screen`}</h1>;
}

/** The app at `/customers?sort=customer_no`, its registry's loads counted. */
async function openList() {
  const registry: ShellRegistry = {
    descriptors: [fakeDescriptor('customers', 'CUSTOMERS')],
    ResourceScreen: ListScreen,
  };
  const loadRegistry = vi.fn(async () => registry);
  window.history.replaceState(null, '', '/customers?sort=customer_no');
  await act(async () => {
    render(<App loadRegistry={loadRegistry} language="en" />);
  });
  return { loadRegistry };
}

describe('the signed-in pages (docs/product.md §2 "Route guards")', () => {
  it('keeps the list mounted and the registry loaded for a sort, a page, a row opened or closed', async () => {
    signIn({ id: 1, email: 'admin@joule.test', privileges: ['superuser'] });
    const { loadRegistry } = await openList();
    await screen.findByRole('heading', { name: 'customers screen' });
    const mounts = mounted.mock.calls.length;
    for (const to of [
      '/customers?sort=-customer_no',
      '/customers?sort=-customer_no&page=2',
      '/customers/7?sort=-customer_no&page=2',
      '/customers?sort=-customer_no&page=2',
    ]) {
      await router.navigate(to);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to);
      expect(screen.getByRole('heading', { name: 'customers screen' })).toBeTruthy();
    }
    expect(mounted.mock.calls.length).toBe(mounts);
    expect(loadRegistry).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-out user to /login and, after sign-in, back to the page asked for', async () => {
    const { loadRegistry } = await openList();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(takeReturnPath()).toBe('/customers?sort=customer_no');
    expect(loadRegistry).not.toHaveBeenCalled();
  });
});
