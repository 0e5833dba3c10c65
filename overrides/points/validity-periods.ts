/** What the specifications timeline needs of the back-end (loaded with the overrides; the timeline itself on first use). */
import type { ResourceDescriptor } from '../../src/resources';

/** The child resource whose related list the timeline replaces. */
export const SPECIFICATIONS = 'specifications';

/** Whether the back-end's specifications have a validity the timeline can order and mark. */
export function hasValidityPeriods(
  descriptorsByName: Readonly<Record<string, ResourceDescriptor>>,
): boolean {
  const fields = descriptorsByName[SPECIFICATIONS]?.fields ?? [];
  return ['valid_from', 'valid_to'].every((name) =>
    fields.some((f) => f.name === name && f.kind === 'date'),
  );
}
