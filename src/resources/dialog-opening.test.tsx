/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from './resource-page';
import { contracts } from './test-support/fixtures';
import { fakeRequest, renderWithProviders, type Call } from './test-support/render';

/**
 * A file of its own: the dialog's code must not have loaded yet (its lazy component is
 * resolved once per module graph), as on a list page's first dialog.
 */
const contract = (id: number) => ({
  id,
  contract_no: `S-${id}`,
  customer: 7,
  state: 'active',
  valid_from: '2025-03-05',
  price: '1234.50',
  is_active: true,
  products: [],
});

function server({ path }: Call) {
  if (path === '/customers/7/') return { data: { id: 7, first_name: 'Jan', last_name: 'Novák' } };
  if (/^\/contracts\/\d+\/$/.test(path))
    return { data: contract(Number(path.split('/')[2])), etag: '"v1"' };
  return { data: { count: 2, next: null, previous: null, results: [contract(1), contract(2)] } };
}

/** Elements matching `selector` that `root` gained, as a `MutationObserver` saw them. */
function watchAdded(root: Node, selector: string) {
  const seen: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (!(node instanceof Element)) continue;
      seen.push(...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector));
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('opening a dialog whose code is still loading', () => {
  it('keeps the list as it is until the dialog shows, committing no placeholder first', async () => {
    // React holds content back until a committed Suspense placeholder has shown for 300 ms:
    // on a page's first dialog that was most of the time to open it (docs/speed.md).
    const { request } = fakeRequest(server);
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    const row = await screen.findByRole('row', { name: 'S-1' });
    const placeholders = watchAdded(document.body, '[data-dialog-loading]');
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    placeholders.stop();
    expect(placeholders.seen).toEqual([]);
    expect(await screen.findByDisplayValue('S-1')).toBeTruthy();
  });
});
