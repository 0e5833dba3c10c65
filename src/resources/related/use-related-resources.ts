import { useMemo } from 'react';
import { useResourceRuntime } from '../registry/resource-runtime';
import { relatedResources, type RelatedResource } from './related-resources';

/** The resources listed inside `name`'s edit dialog for the current user (registry order). */
export function useRelatedResources(name: string): readonly RelatedResource[] {
  const { descriptorsByName, mayUse } = useResourceRuntime();
  return useMemo(
    () => relatedResources(descriptorsByName, name, mayUse),
    [descriptorsByName, name, mayUse],
  );
}
