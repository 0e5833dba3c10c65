import type { ResourceDescriptor, ResourceRow } from './descriptor';

function part(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

type TitleParts = readonly (string | { readonly field: string; readonly separator: string })[];

/** The parts naming `row`: its `titleCases` case when one applies, else `titleFields`. */
function partsOf(
  descriptor: Pick<ResourceDescriptor, 'titleFields' | 'titleCases'>,
  row: ResourceRow,
): TitleParts {
  const cases = descriptor.titleCases;
  const value = cases ? row[cases.field] : undefined;
  if (cases && typeof value === 'string' && Object.hasOwn(cases.cases, value))
    return cases.cases[value]!;
  return descriptor.titleFields;
}

/**
 * The name people know a row by: its descriptor's `titleFields` joined by spaces, empty
 * parts left out (a customer without a company name is still "Jan Novák"); with
 * `titleCases` (**Joule** `x-title-cases`) the parts of the row's case, each with its
 * separator ("Ing. Jan Novák, Ph.D."), as the server names it. Falls back to `#<id>` when
 * every part is empty, so a row is never nameless.
 *
 * @example rowTitle(customers, { id: 7, first_name: 'Jan', last_name: 'Novák' }) // 'Jan Novák'
 */
export function rowTitle(
  descriptor: Pick<ResourceDescriptor, 'titleFields' | 'idField' | 'titleCases'>,
  row: ResourceRow,
): string {
  let title = '';
  for (const item of partsOf(descriptor, row)) {
    const [field, separator] =
      typeof item === 'string' ? [item, ' '] : [item.field, item.separator];
    const text = part(row[field]);
    if (text === '') continue;
    title = title === '' ? text : `${title}${separator}${text}`;
  }
  return title || `#${part(row[descriptor.idField])}`;
}
