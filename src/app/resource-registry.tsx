/**
 * The registry's contents; only ever imported dynamically (see registry.ts), so that the
 * descriptors and the generic runtime form their own chunks.
 */
import { overrides } from '../../overrides';
import { descriptors, descriptorsByName } from '../generated/descriptors';
import { mergeOverrides, ResourcePage, ResourceRegistryProvider } from '../resources';
import type { ResourceRegistry, ResourceScreenProps } from './registry';

const merged = mergeOverrides(descriptors, overrides);
const mergedByName = mergeOverrides(descriptorsByName, overrides);

/** `ResourcePage` with the other resources' descriptors and the overrides at hand. */
function ResourceScreen({ descriptor }: ResourceScreenProps) {
  return (
    <ResourceRegistryProvider descriptorsByName={mergedByName} overrides={overrides}>
      <ResourcePage descriptor={descriptor} />
    </ResourceRegistryProvider>
  );
}

export const registry: ResourceRegistry = { descriptors: merged, ResourceScreen };
