/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../auth';
import { App } from './app';
import { createAppRouter } from './routes';
import type { ShellRegistry } from './shell-registry';
import { fakeDescriptor, signIn } from './test-support/render';

afterEach(() => {
  cleanup();
  authSession.timer.stop();
  authSession.store.clear();
});

function ListScreen({ descriptor }: { descriptor: { name: string } }) {
  return <h1>{`${descriptor.name} screen`}</h1>;
}

/** The app at `/customers?sort=customer_no`, its registry's loads and list prefetches counted. */
async function openList() {
  signIn({ id: 1, email: 'admin@joule.test', privileges: ['superuser'] });
  const prefetchList = vi.fn(async () => undefined);
  const registry: ShellRegistry = {
    descriptors: [fakeDescriptor('customers', 'CUSTOMERS')],
    ResourceScreen: ListScreen,
    prefetchList,
  };
  const loadRegistry = vi.fn(async () => registry);
  const router = createAppRouter({
    initialEntries: ['/customers?sort=customer_no'],
    loadRegistry,
  });
  render(<App router={router} language="en" />);
  await screen.findByRole('heading', { name: 'customers screen' });
  return { router, prefetchList, loadRegistry };
}

describe('a navigation within a list page (docs/architecture.md "First page: how a page renders", step 3)', () => {
  it('runs no loader again for a sort, a page, a row opened or closed', async () => {
    const { router, prefetchList, loadRegistry } = await openList();
    const prefetches = prefetchList.mock.calls.length;
    const loads = loadRegistry.mock.calls.length;
    expect(prefetches).toBeGreaterThan(0);
    for (const to of [
      '/customers?sort=-customer_no',
      '/customers?sort=-customer_no&page=2',
      '/customers/7?sort=-customer_no&page=2',
      '/customers?sort=-customer_no&page=2',
    ]) {
      await router.navigate(to);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to);
    }
    expect(prefetchList.mock.calls.length).toBe(prefetches);
    expect(loadRegistry.mock.calls.length).toBe(loads);
    expect(screen.getByRole('heading', { name: 'customers screen' })).toBeTruthy();
  });

  it('runs the loaders again when asked to (the same address)', async () => {
    const { router, prefetchList } = await openList();
    const prefetches = prefetchList.mock.calls.length;
    await router.revalidate();
    expect(prefetchList.mock.calls.length).toBeGreaterThan(prefetches);
  });
});
