/**
 * Pages that gather several resources under one route and menu entry (`ResourceGroup`).
 * docs/product.md §2 lists "Utilities" (`/utilities`) among the settings pages; docs/product.md §3
 * says it holds suppliers and distributors, each `id, name, code`; the privilege is `UTILITIES`
 * (docs/product.md §6, the privilege both resources carry).
 */
import type { ResourceGroup } from '../src/resources';

export const groups: readonly ResourceGroup[] = [
  {
    name: 'utilities',
    title: 'app.menu.utilities',
    privilege: 'UTILITIES',
    resources: ['suppliers', 'distributors'],
  },
];
