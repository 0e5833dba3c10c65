import { describe, expect, it } from 'vitest';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { descriptors } from '../generated/descriptors';
import { resourceRoute, revalidateWhenAsked } from './routes';
import type { ShellRegistry } from './shell-registry';

const customers = descriptors.find((d) => d.name === 'customers')!;
const route = resourceRoute(customers, {} as ShellRegistry);

/** What react-router asks the route before a navigation from `from` to `to`. */
function revalidates(from: string, to: string, more: Partial<ShouldRevalidateFunctionArgs> = {}) {
  const base = 'http://joule.test';
  return route.shouldRevalidate!({
    currentUrl: new URL(from, base),
    currentParams: {},
    nextUrl: new URL(to, base),
    nextParams: {},
    defaultShouldRevalidate: true,
    ...more,
  });
}

describe('a resource route’s loader on a navigation within it', () => {
  it('is not run again when a row is opened or closed, or the list sorted, paged or filtered', () => {
    expect(route.shouldRevalidate).toBe(revalidateWhenAsked);
    expect(revalidates('/customers?sort=customer_no', '/customers/1?sort=customer_no')).toBe(false);
    expect(revalidates('/customers/1?sort=customer_no', '/customers?sort=customer_no')).toBe(false);
    expect(revalidates('/customers/1', '/customers/1/addresses/7')).toBe(false);
    expect(revalidates('/customers?sort=customer_no', '/customers?sort=-customer_no')).toBe(false);
    expect(revalidates('/customers', '/customers?page=2')).toBe(false);
  });

  it('runs again after a form submission, or when asked to', () => {
    expect(revalidates('/customers', '/customers/1', { formMethod: 'POST' })).toBe(true);
    // router.revalidate(): the same address.
    expect(revalidates('/customers?page=2', '/customers?page=2')).toBe(true);
    // What react-router would do otherwise, when asked.
    expect(
      revalidates('/customers?page=2', '/customers?page=2', { defaultShouldRevalidate: false }),
    ).toBe(false);
  });
});
