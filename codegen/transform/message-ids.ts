/**
 * react-intl message ids codegen assigns (docs/architecture.md "Conventions": messages): one scheme shared by the
 * descriptors (which carry ids) and the generated catalogues (which carry texts).
 */

/** `resource.<name>.title`. */
export function titleId(resource: string): string {
  return `resource.${resource}.title`;
}

/** `resource.<name>.singular`: what one row is called (**Joule** `x-singular`). */
export function singularId(resource: string): string {
  return `resource.${resource}.singular`;
}

/** `resource.<name>.create`: a new row's dialog title and button (**Joule** `x-create`). */
export function createId(resource: string): string {
  return `resource.${resource}.create`;
}

/** `resource.<name>.bulk.<action>`: a bulk action's verb (**Joule** `x-bulk-actions`). */
export function bulkActionId(resource: string, action: string): string {
  return `resource.${resource}.bulk.${action}`;
}

/** `resource.<name>.field.<field>.label`; nested fields join their path with dots. */
export function labelId(resource: string, path: readonly string[]): string {
  return `resource.${resource}.field.${path.join('.')}.label`;
}

/** `resource.<name>.field.<field>.unit`: the display form of a number's unit. */
export function unitId(resource: string, path: readonly string[]): string {
  return `resource.${resource}.field.${path.join('.')}.unit`;
}

/** `resource.<name>.section.<key>`: the name of a form section. */
export function sectionId(resource: string, key: string): string {
  return `resource.${resource}.section.${key}`;
}

/** `resource.<name>.field.<field>.group.<key>`: the name of a group of choices. */
export function choiceGroupId(resource: string, path: readonly string[], key: string): string {
  return `resource.${resource}.field.${path.join('.')}.group.${key}`;
}

/** `resource.<name>.field.<field>.choice.<value>`. */
export function choiceId(
  resource: string,
  path: readonly string[],
  value: string | number,
): string {
  return `resource.${resource}.field.${path.join('.')}.choice.${String(value)}`;
}

/** DRF's default label for a field without one: `customer_no` → `Customer no`, `id` → `ID`. */
export function humanize(name: string): string {
  if (name === 'id') return 'ID';
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
