/**
 * Saved filters of a list offered as menu entries (`ListView`). docs/billing.md "Readings to
 * check": a reading flagged implausible is kept out of billing until a person confirms or
 * corrects it, so its list is one click away: the readings filtered by `to_check=true`,
 * where the `confirm` bulk action (after its confirmation) clears the flag.
 */
import type { ListView } from '../src/resources';

export const views: readonly ListView[] = [
  {
    name: 'readings-to-check',
    resource: 'measurements',
    label: 'app.menu.readingsToCheck',
    icon: 'warning-sign',
    params: { filter: 'to_check=true' },
    available: (descriptor) => descriptor.filterFields.includes('to_check'),
  },
];
