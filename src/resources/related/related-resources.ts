/**
 * Which resources are listed inside another one's screen (SPEC §2 "Screen contents": the
 * customer screen also lists contracts and addresses; a tariff device lists its
 * measurements). Plain data, no React.
 */
import type { ResourceDescriptor } from '../descriptor';

/** A resource whose rows belong to a row of another one, through `field`. */
export interface RelatedResource {
  readonly descriptor: ResourceDescriptor;
  /** The child's reference field naming the parent row (its `parent`), e.g. `customer`. */
  readonly field: string;
}

/**
 * The resources whose `parent` field references `name`, in descriptor order, keeping only
 * those the user may use (`mayUse(privilege)`) and may list.
 */
export function relatedResources(
  descriptors: Readonly<Record<string, ResourceDescriptor>>,
  name: string,
  mayUse: (privilege: string | null) => boolean,
): RelatedResource[] {
  return Object.values(descriptors).flatMap((descriptor) => {
    const field = descriptor.parent;
    if (field == null || !descriptor.operations.list || !mayUse(descriptor.privilege)) return [];
    const reference = descriptor.fields.find((f) => f.name === field)?.reference;
    return reference === name ? [{ descriptor, field }] : [];
  });
}

/**
 * Whether a resource is shown only inside its parent's screen: it has a `parent` and the
 * parent resource is among `descriptors`.
 */
export function isNestedResource(
  descriptor: ResourceDescriptor,
  descriptors: Readonly<Record<string, ResourceDescriptor>>,
): boolean {
  if (descriptor.parent == null) return false;
  const reference = descriptor.fields.find((f) => f.name === descriptor.parent)?.reference;
  return reference !== undefined && reference in descriptors;
}
