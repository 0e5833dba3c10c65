/**
 * The registry's contents; only ever imported dynamically (see registry.ts), so that the
 * descriptors and the generic runtime form their own chunks.
 */
import { useCallback } from 'react';
import { overrides } from '../../overrides';
import { canUse, useAbility } from '../auth';
import { descriptors, descriptorsByName } from '../generated/descriptors';
import { mergeOverrides, ResourcePage, ResourceRegistryProvider } from '../resources';
import { notify } from './notifications/notify';
import { createResourceEventHandler } from './notifications/resource-events';
import type { ResourceRegistry, ResourceScreenProps } from './registry';
import { showSnackbar } from './snackbar/snackbar';

const merged = mergeOverrides(descriptors, overrides);
const mergedByName = mergeOverrides(descriptorsByName, overrides);

/**
 * Saves, deletes and their failures → bell, snackbar, error report (SPEC §4, §8); the
 * `onEvent` of `ResourceRegistryProvider`.
 */
export const onResourceEvent = createResourceEventHandler({
  resourceTitles: Object.fromEntries(
    merged.map((descriptor) => [descriptor.name, descriptor.title]),
  ),
  notify,
  showSnackbar,
});

/** `ResourcePage` with the other resources' descriptors and the overrides at hand. */
function ResourceScreen({ descriptor }: ResourceScreenProps) {
  const ability = useAbility();
  // `ability.rules` changes identity on every update, so the callback follows sign-in/out.
  const rules = ability.rules;
  const mayUse = useCallback(
    (privilege: string | null) => canUse(ability, privilege),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rules` stands for `ability`'s state.
    [ability, rules],
  );
  return (
    <ResourceRegistryProvider
      descriptorsByName={mergedByName}
      overrides={overrides}
      onEvent={onResourceEvent}
      mayUse={mayUse}
    >
      <ResourcePage descriptor={descriptor} />
    </ResourceRegistryProvider>
  );
}

export const registry: ResourceRegistry = { descriptors: merged, ResourceScreen };
