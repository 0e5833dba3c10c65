import type { ResourceDescriptor, ResourceRow } from './descriptor';

function part(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * The name people know a row by: its descriptor's `titleFields` joined by spaces, empty
 * parts left out (a customer without a company name is still "Jan Novák"). Falls back to
 * `#<id>` when every title field is empty, so a row is never nameless.
 *
 * @example rowTitle(customers, { id: 7, first_name: 'Jan', last_name: 'Novák' }) // 'Jan Novák'
 */
export function rowTitle(
  descriptor: Pick<ResourceDescriptor, 'titleFields' | 'idField'>,
  row: ResourceRow,
): string {
  const title = descriptor.titleFields
    .map((field) => part(row[field]))
    .filter((text) => text !== '')
    .join(' ');
  return title || `#${part(row[descriptor.idField])}`;
}
