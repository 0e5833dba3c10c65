/**
 * The list query parameters of docs/api.md "Lists", parsed into SQL pieces:
 * `search`, `sort`, `filter`, `lte`, `gte`, the resource's extra parameters, and paging
 * (`page` + `page_size`, or `page_after_id` + `direction`). Unknown sort / filter fields,
 * malformed values and requests beyond the limits below are 400s naming the parameter
 * (Joule); a bad page number is DRF's 404.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ValidationError, addError, detailError, type FieldErrors } from '../../http/errors';
import { lastParam } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { parseInteger } from './codecs';
import type { CompiledField, CompiledResource } from './registry';

/** Default and maximum `page_size` (docs/product.md §9: default 25, "all" is 9999). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 9999;

/*
 * Limits of one list request (Joule; every resource), so that no query string can make
 * the server build or run an outsized query. Beyond them the answer is a 400 naming the
 * parameter. The URL as a whole is capped too (`http/url-limit.ts`).
 */

/**
 * Most `sort` fields, besides the id the engine appends. Keyset paging compares the sort
 * terms pairwise (`keyset.ts`: quadratic in their number), and no screen sorts by more
 * than a few columns; a field named twice (`name,-name`) is refused as meaningless.
 */
export const MAX_SORT_FIELDS = 5;
/**
 * Most `key=value` pairs in each of `filter`, `lte` and `gte`: more than any resource has
 * filterable fields (the SPA sends each field at most once), so no real request is refused,
 * while a condition list stays short.
 */
export const MAX_PAIRS = 20;
/**
 * Longest `search` text in characters: far beyond anything typed into a search box, short
 * enough that the LIKE patterns stay small.
 */
export const MAX_SEARCH_LENGTH = 200;
/**
 * Most distinct words in `search`: every word is one more condition over every search
 * field of every candidate row (DRF SearchFilter semantics), so 200 one-letter words would
 * multiply the cost of a search by 100.
 */
export const MAX_SEARCH_TERMS = 10;

/** One ORDER BY term; text fields sort by their folded form first (see {@link sortTerms}). */
export interface SortTerm {
  /** The sorted expression over the table's columns. */
  readonly expression: SQL;
  /** The same expression over a stored value (a keyset anchor's), or null for NULL. */
  readonly valueExpression: (row: Readonly<Record<string, unknown>>) => SQL | null;
  readonly descending: boolean;
  readonly nullable: boolean;
}

/** How to page. */
export type Paging =
  | { readonly kind: 'page'; readonly page: number; readonly size: number }
  | {
      readonly kind: 'keyset';
      readonly afterId: number;
      readonly direction: 'next' | 'prev';
      readonly size: number;
    };

/** A parsed list request. */
export interface ListQuery {
  /** Search, filters, bounds and extra parameters combined; undefined when none. */
  readonly where: SQL | undefined;
  /**
   * Sort terms, always ending with the id (in the direction of the last term, ascending
   * when there is none) so the order is total.
   */
  readonly order: readonly SortTerm[];
  readonly paging: Paging;
}

const TEXT_SORT_TYPES = new Set(['string', 'email', 'choice']);

/** The SQL that folds text for accent- and case-insensitive matching (migration 0001). */
export function fold(expression: SQL): SQL {
  return sql`joule_fold(${expression})`;
}

/**
 * ORDER BY terms for `field`: text sorts by its folded form (so `Účetní` sorts with the
 * U's, not after Z as byte order would), then by the exact text to keep the order total.
 */
export function sortTerms(field: CompiledField, descending: boolean): SortTerm[] {
  const column = field.column;
  const nullable = field.def.nullable ?? false;
  const param = (row: Readonly<Record<string, unknown>>) => {
    const value = row[field.columnKey];
    return value === null || value === undefined ? null : sql`${sql.param(value, column)}`;
  };
  const exact: SortTerm = {
    expression: sql`${column}`,
    valueExpression: param,
    descending,
    nullable,
  };
  if (!TEXT_SORT_TYPES.has(field.def.type)) return [exact];
  return [
    {
      expression: fold(sql`${column}`),
      valueExpression: (row) => {
        const value = param(row);
        return value && fold(value);
      },
      descending,
      nullable,
    },
    exact,
  ];
}

function parseSort(resource: CompiledResource, text: string, errors: FieldErrors): SortTerm[] {
  const keys = text
    .split(',')
    .map((raw) => raw.trim())
    .filter((key) => key !== '');
  if (keys.length > MAX_SORT_FIELDS) {
    addError(errors, 'sort', messages.tooManySortFields(MAX_SORT_FIELDS));
    return [];
  }
  const terms: SortTerm[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    const descending = key.startsWith('-');
    const name = descending ? key.slice(1) : key;
    const field = resource.byName.get(name);
    if (!field || !resource.sortFields.includes(name)) {
      addError(errors, 'sort', messages.unknownSortField(name, resource.sortFields));
      continue;
    }
    if (seen.has(name)) {
      addError(errors, 'sort', messages.duplicateSortField(name));
      continue;
    }
    seen.add(name);
    terms.push(...sortTerms(field, descending));
  }
  return terms;
}

/** Splits `key=value,key2=value2` into pairs; malformed pairs become errors under `param`. */
function parsePairs(text: string, param: string, errors: FieldErrors): [string, string][] {
  const pairs: [string, string][] = [];
  const parts = text.split(',').filter((part) => part.trim() !== '');
  if (parts.length > MAX_PAIRS) {
    addError(errors, param, messages.tooManyPairs(MAX_PAIRS));
    return pairs;
  }
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at < 1) {
      addError(errors, param, messages.malformedPair(part));
      continue;
    }
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1)]);
  }
  return pairs;
}

type Comparison = 'eq' | 'lte' | 'gte';

function parseConditions(
  resource: CompiledResource,
  text: string,
  param: string,
  allowed: readonly string[],
  comparison: Comparison,
  errors: FieldErrors,
): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, value] of parsePairs(text, param, errors)) {
    const related = comparison === 'eq' ? resource.def.relatedFilters?.[name] : undefined;
    if (related) {
      const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (id >= 1) conditions.push(related.where(id));
      else addError(errors, param, messages.fieldValue(name, messages.invalidId(value)));
      continue;
    }
    const byValue = comparison === 'eq' ? resource.def.valueFilters?.[name] : undefined;
    if (byValue) {
      const parsed = byValue.where(value);
      if (parsed.ok) conditions.push(parsed.value);
      else
        for (const message of parsed.errors)
          addError(errors, param, messages.fieldValue(name, message));
      continue;
    }
    const field = resource.byName.get(name);
    if (!field || !allowed.includes(name)) {
      addError(errors, param, messages.unknownFilterField(name, allowed));
      continue;
    }
    if (comparison === 'eq' && value === 'null' && field.def.nullable) {
      conditions.push(isNull(field.column));
      continue;
    }
    const parsed = field.codec.fromQuery(value, field.def);
    if (!parsed.ok) {
      for (const message of parsed.errors)
        addError(errors, param, messages.fieldValue(name, message));
      continue;
    }
    const isList = field.def.type === 'list' || field.def.type === 'multiple choice';
    if (comparison === 'eq') {
      conditions.push(
        isList ? sql`${parsed.value} = any(${field.column})` : eq(field.column, parsed.value),
      );
    } else {
      conditions.push(
        comparison === 'lte' ? lte(field.column, parsed.value) : gte(field.column, parsed.value),
      );
    }
  }
  return conditions;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern with the default escape character. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * DRF SearchFilter semantics: the text splits into terms at whitespace and commas; every
 * term must occur (accent- and case-insensitively) in at least one search field.
 */
function searchCondition(
  resource: CompiledResource,
  text: string,
  errors: FieldErrors,
): SQL | undefined {
  if (text.length > MAX_SEARCH_LENGTH) {
    addError(errors, 'search', messages.maxLength(MAX_SEARCH_LENGTH));
    return undefined;
  }
  // A repeated word adds nothing: every word must match anyway.
  const terms = [...new Set(text.split(/[\s,]+/).filter((term) => term !== ''))];
  if (terms.length > MAX_SEARCH_TERMS) {
    addError(errors, 'search', messages.tooManySearchTerms(MAX_SEARCH_TERMS));
    return undefined;
  }
  if (terms.length === 0 || resource.searchFields.length === 0) return undefined;
  const stored = resource.def.searchColumn;
  const through = resource.def.searchThrough ?? [];
  return and(
    ...terms.map((term) => {
      const pattern = fold(sql`${`%${escapeLike(term)}%`}`);
      const own = stored
        ? [sql`${stored} like ${pattern}`]
        : resource.searchFields.map((name) => {
            const column = resource.byName.get(name)!.column;
            return sql`${fold(sql`${column}::text`)} like ${pattern}`;
          });
      return or(...own, ...through.map((related) => related(pattern)));
    }),
  );
}

/**
 * The paging parameters of `params`: `page_after_id` + `direction` (keyset, the id read
 * with `resource`'s id codec), else `page` + `page_size` (clamped to {@link MAX_PAGE_SIZE}).
 * Bad values are added to `errors`; a page number that is not a positive integer throws
 * DRF's 404 "Invalid page.". `page` is not capped here: `runList` counts the matching rows
 * first and answers a page beyond them with 404 before any OFFSET query, so the OFFSET never
 * exceeds the row count; a deep page skips ids only (`list.ts`), not whole rows.
 */
export function parsePaging(
  resource: CompiledResource,
  params: URLSearchParams,
  errors: FieldErrors,
): Paging {
  let size = DEFAULT_PAGE_SIZE;
  const sizeText = lastParam(params, 'page_size');
  if (sizeText !== undefined && sizeText !== '') {
    const parsed = parseInteger(sizeText);
    if (!parsed.ok) errors.page_size = [...parsed.errors];
    else if (parsed.value < 1) addError(errors, 'page_size', messages.minValue(1));
    // Above the maximum DRF clamps rather than refuses; so do we.
    else size = Math.min(parsed.value, MAX_PAGE_SIZE);
  }
  const afterText = lastParam(params, 'page_after_id');
  const directionText = lastParam(params, 'direction') ?? 'next';
  if (directionText !== 'next' && directionText !== 'prev') {
    addError(errors, 'direction', messages.invalidChoice(directionText));
  }
  if (afterText !== undefined && afterText !== '') {
    // As an id in the URL: beyond the id column's range is not an integer (not a SQL error).
    const parsed = resource.id.codec.fromQuery(afterText, resource.id.def);
    if (!parsed.ok) errors.page_after_id = [...parsed.errors];
    return {
      kind: 'keyset',
      afterId: parsed.ok ? (parsed.value as number) : 0,
      direction: directionText === 'prev' ? 'prev' : 'next',
      size,
    };
  }
  const pageText = lastParam(params, 'page') ?? '1';
  const page = /^\d{1,9}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1)) throw detailError(404, messages.invalidPage);
  return { kind: 'page', page, size };
}

/** Parses the list query `params` for `resource`; throws 400 / 404 as described above. */
export function parseListQuery(resource: CompiledResource, params: URLSearchParams): ListQuery {
  const errors: FieldErrors = {};
  const conditions: (SQL | undefined)[] = [];

  const search = lastParam(params, 'search');
  if (search) conditions.push(searchCondition(resource, search, errors));
  const filter = lastParam(params, 'filter');
  if (filter) {
    conditions.push(
      ...parseConditions(resource, filter, 'filter', resource.filterFields, 'eq', errors),
    );
  }
  for (const bound of ['lte', 'gte'] as const) {
    const value = lastParam(params, bound);
    if (value) {
      conditions.push(
        ...parseConditions(resource, value, bound, resource.rangeFields, bound, errors),
      );
    }
  }
  for (const [name, definition] of Object.entries(resource.def.queryParams ?? {})) {
    const value = lastParam(params, name);
    if (value === undefined || value === '') continue;
    const parsed = definition.where(value);
    if (parsed.ok) conditions.push(parsed.value);
    else errors[name] = [...parsed.errors];
  }

  const sort = lastParam(params, 'sort');
  const order = parseSort(resource, sort || resource.def.defaultSort.join(','), errors);
  // The id breaks ties in the direction of the last sort term, so a one-column sort either
  // way is one index scan (forward or backward) of an index ending in id.
  order.push(...sortTerms(resource.id, order[order.length - 1]?.descending ?? false));

  const paging = parsePaging(resource, params, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { where: and(...conditions), order, paging };
}
