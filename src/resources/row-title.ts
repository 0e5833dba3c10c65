import type { FieldDescriptor, ResourceDescriptor, ResourceRow } from './descriptor';

function part(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

type TitleParts = readonly (string | { readonly field: string; readonly separator: string })[];

/**
 * The parts naming `row`: its `titleCases` case when one applies, else `titleParts` (the
 * title fields with their separators), else `titleFields`.
 */
function partsOf(
  descriptor: Pick<ResourceDescriptor, 'titleFields' | 'titleCases' | 'titleParts'>,
  row: ResourceRow,
): TitleParts {
  const cases = descriptor.titleCases;
  const value = cases ? row[cases.field] : undefined;
  if (cases && typeof value === 'string' && Object.hasOwn(cases.cases, value))
    return cases.cases[value]!;
  return descriptor.titleParts ?? descriptor.titleFields;
}

/**
 * How a title part is written for people (a choice by its name, a date-time in the
 * language's format); `''` leaves the part out. See `useTitleFormat`.
 */
export type TitleFormat = (field: FieldDescriptor, value: unknown) => string;

/** What {@link rowTitle} reads of a descriptor: `fields` lets it name references. */
export type TitledDescriptor = Pick<
  ResourceDescriptor,
  'titleFields' | 'idField' | 'titleCases' | 'titleParts'
> & {
  readonly fields?: readonly FieldDescriptor[];
};

/**
 * The name people know a row by: its descriptor's `titleFields` joined by spaces, empty
 * parts left out (a customer without a company name is still "Jan Novák"); with
 * `titleCases` (**Joule** `x-title-cases`) the parts of the row's case, each with its
 * separator ("Ing. Jan Novák, Ph.D."), as the server names it. A reference part reads the
 * referenced row's title the server embeds beside it (`titleField`, e.g. a reading's
 * device), never its id; `format` writes the other parts for people (choices by name,
 * dates localized), else they are taken as they are. Falls back to `#<id>` when every part
 * is empty, so a row is never nameless.
 *
 * @example rowTitle(customers, { id: 7, first_name: 'Jan', last_name: 'Novák' }) // 'Jan Novák'
 */
export function rowTitle(
  descriptor: TitledDescriptor,
  row: ResourceRow,
  format?: TitleFormat,
): string {
  const textOf = (name: string): string => {
    const field = descriptor.fields?.find((f) => f.name === name);
    if (field?.kind === 'reference') {
      // The embedded title when the server sends it; an id is no name for people.
      return field.titleField !== undefined ? part(row[field.titleField]) : '';
    }
    return field && format ? format(field, row[name]).trim() : part(row[name]);
  };
  let title = '';
  for (const item of partsOf(descriptor, row)) {
    const [name, separator] = typeof item === 'string' ? [item, ' '] : [item.field, item.separator];
    const text = textOf(name);
    if (text === '') continue;
    title = title === '' ? text : `${title}${separator}${text}`;
  }
  return title || `#${part(row[descriptor.idField])}`;
}
