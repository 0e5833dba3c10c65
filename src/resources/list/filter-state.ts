/**
 * Headless filter logic of the list's filter bar (docs/api.md "Lists"): which
 * control each of `descriptor.filterFields` gets, and setting / clearing values in the
 * `filter`, `gte` and `lte` pairs. Plain TypeScript, no React.
 */
import type { FieldDescriptor, FieldKind, ResourceDescriptor } from '../descriptor';
import type { ListState, ParamPairs } from './list-query';

/** The control a filter field gets. */
export type FilterControl = 'choice' | 'boolean' | 'range' | 'reference';

/** One control of the filter bar. */
export interface FilterSpec {
  readonly field: FieldDescriptor;
  readonly control: FilterControl;
}

/** The three list parameters filters live in. */
export type FilterPairs = Pick<ListState, 'filter' | 'gte' | 'lte' | 'params'>;

/** A filter state with nothing set. */
export const NO_FILTERS: FilterPairs = { filter: {}, gte: {}, lte: {}, params: {} };

const CONTROL_BY_KIND: Partial<Record<FieldKind, FilterControl>> = {
  choice: 'choice',
  boolean: 'boolean',
  date: 'range',
  datetime: 'range',
  integer: 'range',
  decimal: 'range',
  reference: 'reference',
};

/**
 * A list field filters by one of its items (docs/api.md: `filter=roles=3` keeps the rows whose
 * list holds 3): a list of choices gets a choice control, a list of references a reference
 * control.
 */
const CONTROL_BY_ITEM_KIND: Partial<Record<FieldKind, FilterControl>> = {
  choice: 'choice',
  reference: 'reference',
};

function controlOf(field: FieldDescriptor): FilterControl | undefined {
  if (field.kind === 'list') {
    return field.itemKind === undefined ? undefined : CONTROL_BY_ITEM_KIND[field.itemKind];
  }
  return CONTROL_BY_KIND[field.kind];
}

/** The filter bar's controls, in `filterFields` order; fields of other kinds are skipped. */
export function filterSpecs(descriptor: ResourceDescriptor): FilterSpec[] {
  const specs: FilterSpec[] = [];
  for (const name of descriptor.filterFields) {
    const field = descriptor.fields.find((candidate) => candidate.name === name);
    const control = field && controlOf(field);
    if (field && control) specs.push({ field, control });
  }
  return specs;
}

/**
 * Whether a value can travel in a `key=value,…` parameter. The API has no escape for the
 * comma that joins pairs, so values containing one are refused rather than split.
 */
export function isPairValue(value: string): boolean {
  return !value.includes(',');
}

/**
 * `pairs` with `key` set to `value`; an empty (or blank) value removes the key. A value
 * that cannot travel in a pair (`isPairValue`) leaves `pairs` unchanged.
 */
export function setPair(pairs: ParamPairs, key: string, value: string): ParamPairs {
  const text = value.trim();
  if (!isPairValue(text)) return pairs;
  const { [key]: _removed, ...rest } = pairs;
  return text === '' ? rest : { ...rest, [key]: text };
}

/** How many fields have a filter or a bound set (a from–to range counts once). */
export function activeFilterCount(state: FilterPairs): number {
  return new Set([
    ...Object.keys(state.filter),
    ...Object.keys(state.gte),
    ...Object.keys(state.lte),
    ...Object.keys(state.params ?? {}).map((name) => `params:${name}`),
  ]).size;
}

const BOUND_PATTERNS: Partial<Record<FieldKind, RegExp>> = {
  integer: /^-?\d+$/,
  decimal: /^-?\d+(?:\.\d+)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?)?$/,
};

/**
 * A typed range bound as the API value: '' for an empty input, `undefined` for text that is
 * not a valid bound of the kind. A decimal comma (Czech `12,5`) becomes a point, so no
 * comma ever reaches the `gte` / `lte` pairs.
 */
export function normalizeBound(kind: FieldKind, text: string): string | undefined {
  // `2025-01-31 10:00` as typed is `2025-01-31T10:00` in the URL.
  const trimmed = text.trim();
  let value = (
    kind === 'datetime' ? trimmed.replace(/^(\d{4}-\d{2}-\d{2})\s+(?=\d)/, '$1T') : trimmed
  ).replace(/\s+/g, '');
  if (value === '') return '';
  if (kind === 'decimal') value = value.replace(',', '.');
  const pattern = BOUND_PATTERNS[kind];
  return pattern && pattern.test(value) ? value : undefined;
}
