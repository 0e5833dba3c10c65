/**
 * Which resources are listed inside another one's screen (docs/product.md §2 "Screen contents": the
 * customer screen also lists contracts and addresses; a tariff device lists its
 * measurements). Plain data, no React.
 */
import type { ResourceDescriptor } from '../descriptor';

/**
 * A resource whose rows belong to a row of another one, through `field` (its `parent`), or
 * are listed in its dialog through a filter key (`listedIn`).
 */
export interface RelatedResource {
  readonly descriptor: ResourceDescriptor;
  /**
   * The child's filter key naming the parent row: its `parent` (e.g. `customer`) or a
   * `listedIn` filter, which need not be a field (a point's `customer`).
   */
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
  return Object.values(descriptors).flatMap((descriptor): RelatedResource[] => {
    if (!descriptor.operations.list || !mayUse(descriptor.privilege)) return [];
    const field = descriptor.parent;
    const reference =
      field == null ? undefined : descriptor.fields.find((f) => f.name === field)?.reference;
    if (field != null && reference === name) return [{ descriptor, field }];
    // Listed here too, keeping its own page (`listedIn`: a customer's points).
    const listed = descriptor.listedIn?.find((entry) => entry.resource === name);
    return listed ? [{ descriptor, field: listed.filter }] : [];
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
