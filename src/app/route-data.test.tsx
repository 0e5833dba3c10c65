import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, tracked } from './route-data';

describe('what a page waits for (docs/architecture.md "Routes")', () => {
  it('marks a promise with its value once it settles, as React reads it', async () => {
    const promise = tracked(Promise.resolve(42));
    expect(promise).toMatchObject({ status: 'pending' });
    await promise;
    expect(promise).toMatchObject({ status: 'fulfilled', value: 42 });
    const failing = tracked(Promise.reject(new Error('no')));
    await failing.catch(() => undefined);
    expect(failing).toMatchObject({ status: 'rejected', reason: new Error('no') });
  });

  it('a lazy page loads its code once and, once here, renders without suspending', async () => {
    const load = vi.fn(async () => ({ title }: { title: string }) => <h1>{title}</h1>);
    const Page = lazyRoute(load);
    // Not loaded: the server's render cannot wait for it outside a Suspense boundary.
    expect(() => renderToString(<Page title="Customers" />)).toThrow();
    await Page.preload();
    expect(renderToString(<Page title="Customers" />)).toBe('<h1>Customers</h1>');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again', async () => {
    const load = vi
      .fn<() => Promise<() => ReactElement>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => <p>back</p>);
    const Page = lazyRoute(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(renderToString(<Page />)).toBe('<p>back</p>');
  });
});
