/**
 * Names, not ids (**Joule**, docs/product.md):
 * - every reference field `x` of a row answer is accompanied by `x_title` (the referenced
 *   row's title, or null), every reference list `x` by `x_titles` (one title per id, in
 *   the list's order), computed in the same query as the row itself (a correlated
 *   subquery per reference: an index lookup by primary key per answered row, evaluated
 *   only for the rows of the page);
 * - `GET /api/v1/<name>/titles/` answers DRF's page of `{id, title}` rows of a resource to
 *   anyone who holds its privilege or the privilege of a resource that references it, so
 *   a user who may write a row can name and pick the rows it references without the
 *   privilege to manage them.
 *
 * A row's title is its resource's `titleFields` (else `titleField`) joined by spaces (or
 * the separators its parts declare),
 * blank parts left out, null when all are blank (the SPA then shows `#<id>`); with
 * `titleCases`, the parts of the row's case with their separators. A part that is a
 * reference reads the referenced row's title (a reading: its device's serial number and the
 * time), a choice its name in the request's language, a date or a date-time as the SPA
 * writes it in that language (`31. 12. 2025`, `12/31/2025`; `31. 12. 2025 0:00`,
 * `12/31/2025, 12:00 AM`, Europe/Prague); never an id.
 */
import { and, count, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { may } from '../../auth/principal';
import type { Database } from '../../db/client';
import {
  ValidationError,
  addError,
  detailError,
  permissionDenied,
  type FieldErrors,
} from '../../http/errors';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/text';
import { requestLang } from '../../http/request-lang';
import {
  JWT_SECURITY,
  jsonResponse,
  type JsonObject,
  type SchemaObject,
} from '../../openapi/types';
import { INT32_MAX } from './codecs';
import { orderBy } from './keyset';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, parseListQuery } from './list-query';
import { pageAnswer, type PageAnswer } from './page-answer';
import type { CompiledField, CompiledResource, ResourceRegistry } from './registry';
import { referenceOf } from './registry';
import type { Row } from './serialize';

/** Most ids one `titles/?ids=` request may name. */
export const MAX_TITLE_IDS = 100;

const TEXT_TYPES = new Set(['string', 'email', 'choice']);

/** The wire name of the embedded title of reference field `field` (`x_title`, `x_titles`). */
export function embeddedTitleName(field: CompiledField): string | undefined {
  if (field.def.type === 'field') return `${field.name}_title`;
  if (field.def.type === 'list') return `${field.name}_titles`;
  return undefined;
}

/** Prefix of the keys of embedded titles in selected rows (no column property name has it). */
export const TITLE_KEY_PREFIX = '$title:';

/** Key of the embedded title of `field` in a selected row. */
export function titleKey(field: CompiledField): string {
  return `${TITLE_KEY_PREFIX}${field.name}`;
}

/** The parts making `resource`'s row title, when no title case applies. */
function titleParts(resource: CompiledResource): { field: CompiledField; separator: string }[] {
  const parts = resource.def.titleFields ?? [resource.def.titleField];
  return parts.map((part) =>
    typeof part === 'string'
      ? { field: resource.byName.get(part)!, separator: ' ' }
      : { field: resource.byName.get(part.field)!, separator: part.separator },
  );
}

/** `"qualifier"."column"`: written out, as Drizzle leaves columns unqualified in one-table selects. */
function qualified(qualifier: string, column: AnyPgColumn): SQL {
  return sql`${sql.identifier(qualifier)}.${sql.identifier(column.name)}`;
}

/** The time zone of date-times in titles: the supplier's (a title is one text for everyone). */
const TITLE_TIME_ZONE = 'Europe/Prague';

/** How deep a title follows references in its parts (a reading → its device → …). */
const MAX_TITLE_DEPTH = 2;

/** SQL for one part of a title: `field`'s value read through `qualifier`, as text. */
function titlePart(
  registry: ResourceRegistry | undefined,
  field: CompiledField,
  qualifier: string,
  lang: Lang,
  depth: number,
): SQL {
  const column = qualified(qualifier, field.column);
  const { def } = field;
  if (def.type === 'field') {
    if (registry === undefined || depth >= MAX_TITLE_DEPTH) return sql`null`;
    const referenced = registry.get(def.reference);
    const inner = `${qualifier}_${field.column.name}`;
    const from = sql`${sql.identifier(getTableName(referenced.def.table))} as ${sql.identifier(inner)}`;
    const title = titleExpression(referenced, inner, lang, registry, depth + 1);
    return sql`(select ${title} from ${from} where ${qualified(inner, referenced.id.column)} = ${column})`;
  }
  if (def.type === 'choice') {
    const names = def.choices.map(
      (choice) => sql`when ${choice.value}::text then ${choice.label[lang]}::text`,
    );
    return names.length === 0
      ? sql`nullif(btrim(${column}), '')`
      : sql`nullif(btrim(case ${column} ${sql.join(names, sql` `)} else ${column} end), '')`;
  }
  if (def.type === 'datetime') {
    // The SPA's one date-time format (src/i18n/dates.ts DATE_TIME_FORMAT), in the
    // supplier's time zone: `31. 12. 2025 0:00`, `12/31/2025, 12:00 AM`.
    const pattern = lang === 'cs' ? 'FMDD. FMMM. YYYY FMHH24:MI' : 'FMMM/FMDD/YYYY, FMHH12:MI AM';
    return sql`to_char(${column} at time zone ${TITLE_TIME_ZONE}, ${pattern})`;
  }
  if (def.type === 'date') {
    // A calendar date as the SPA and the API's messages write it (src/i18n/dates.ts
    // DATE_FORMAT, server/i18n/format.ts dateText): `1. 1. 2024`, `1/1/2024`.
    const pattern = lang === 'cs' ? 'FMDD. FMMM. YYYY' : 'FMMM/FMDD/YYYY';
    return sql`to_char(${column}, ${pattern})`;
  }
  if (def.type === 'list') return sql`null`;
  return TEXT_TYPES.has(def.type) ? sql`nullif(btrim(${column}), '')` : sql`${column}::text`;
}

/**
 * SQL joining `parts` (each with the text before it when a part precedes it), blank parts
 * left out with their separators; NULL when all are blank.
 */
function joinedParts(parts: readonly { value: SQL; separator: string }[]): SQL<string | null> {
  const pieces = parts.map(({ value, separator }, index) => {
    if (index === 0) return sql`coalesce(${value}, '')`;
    const before = sql.join(
      parts.slice(0, index).map((part) => part.value),
      sql`, `,
    );
    return sql`(case when ${value} is null then '' when coalesce(${before}) is null then ${value} else ${separator}::text || ${value} end)`;
  });
  return sql<string | null>`nullif(concat(${sql.join(pieces, sql`, `)}), '')`;
}

/**
 * SQL for the title of a row of `resource` whose columns are read through `qualifier` (its
 * table's name, or an alias of it): text, or NULL when every part is blank. With
 * `titleCases`, the parts of the row's case (`TitlePart`), else `titleFields` by spaces.
 * Reference parts need `registry` (without it they are left out).
 */
export function titleExpression(
  resource: CompiledResource,
  qualifier: string,
  lang: Lang = 'en',
  registry?: ResourceRegistry,
  depth = 0,
): SQL<string | null> {
  const value = (field: CompiledField) => titlePart(registry, field, qualifier, lang, depth);
  const plain = joinedParts(
    titleParts(resource).map(({ field, separator }) => ({ value: value(field), separator })),
  );
  const titleCases = resource.def.titleCases;
  if (titleCases === undefined) return plain;
  const choice = qualified(qualifier, resource.byName.get(titleCases.field)!.column);
  const branches = Object.entries(titleCases.cases).map(([key, parts]) => {
    const expression = joinedParts(
      parts.map((part) => {
        const name = typeof part === 'string' ? part : part.field;
        return {
          value: value(resource.byName.get(name)!),
          separator: typeof part === 'string' ? ' ' : part.separator,
        };
      }),
    );
    return sql`when ${key}::text then ${expression}`;
  });
  return sql<string | null>`(case ${choice}::text ${sql.join(branches, sql` `)} else ${plain} end)`;
}

/**
 * The correlated subqueries selecting the embedded titles of `resource`'s reference
 * fields, keyed by {@link titleKey}: add them to a select of the resource's table.
 */
export function embeddedTitleSelection(
  registry: ResourceRegistry,
  resource: CompiledResource,
  lang: Lang = 'en',
): Record<string, SQL> {
  const selection: Record<string, SQL> = {};
  const outer = getTableName(resource.def.table);
  for (const field of resource.fields) {
    const target = referenceOf(field.def);
    if (target === undefined || !field.readable) continue;
    const referenced = registry.get(target);
    // Aliased, so that a reference to the same table (a contract's parent) stays correlated.
    const inner = `title_${field.column.name}`;
    const from = sql`${sql.identifier(getTableName(referenced.def.table))} as ${sql.identifier(inner)}`;
    const innerId = qualified(inner, referenced.id.column);
    const value = qualified(outer, field.column);
    const title = titleExpression(referenced, inner, lang, registry, 1);
    selection[titleKey(field)] =
      field.def.type === 'list'
        ? sql`array(select ${title} from unnest(${value}) with ordinality as title_ids(id, n) join ${from} on ${innerId} = title_ids.id order by title_ids.n)`
        : sql`(select ${title} from ${from} where ${innerId} = ${value})`;
  }
  return selection;
}

/** Every column of `resource`'s table plus its embedded titles (see {@link titleKey}). */
export function rowSelection(
  registry: ResourceRegistry,
  resource: CompiledResource,
  lang: Lang = 'en',
) {
  return {
    ...getTableColumns(resource.def.table),
    ...embeddedTitleSelection(registry, resource, lang),
  };
}

/**
 * Selects row `id` of `resource` with its embedded titles (after a write, to answer it);
 * the stored columns come from `row` as written.
 */
export async function withTitles(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  row: Row,
  lang: Lang = 'en',
): Promise<Row> {
  const selection = embeddedTitleSelection(registry, resource, lang);
  if (Object.keys(selection).length === 0) return row;
  const [titles] = await db
    .select(selection)
    .from(resource.def.table)
    .where(sql`${resource.id.column} = ${row[resource.id.columnKey]}`);
  return { ...row, ...titles };
}

/**
 * The privileges that may read `resource`'s titles: its own, then those of every resource
 * with a reference to it (sorted, without repeats).
 */
export function titlePrivileges(resource: CompiledResource): string[] {
  const others = new Set(
    resource.referrers.map(({ resource: referrer }) => referrer.def.privilege),
  );
  others.delete(resource.def.privilege);
  return [resource.def.privilege, ...[...others].sort()];
}

/** Parses `ids=1,2,3` (at most {@link MAX_TITLE_IDS} integer ids). */
function parseIds(text: string, errors: FieldErrors): number[] {
  const parts = text.split(',').filter((part) => part.trim() !== '');
  if (parts.length > MAX_TITLE_IDS) {
    addError(errors, 'ids', messages.tooManyIds(MAX_TITLE_IDS));
    return [];
  }
  const ids: number[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    const id = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : NaN;
    if (!(id >= 1 && id <= INT32_MAX)) {
      addError(errors, 'ids', messages.invalidId(trimmed));
      continue;
    }
    ids.push(id);
  }
  return [...new Set(ids)];
}

/** DRF's page of `{id, title}` answered by the titles route. */
export type TitlesAnswer = PageAnswer<{ id: number; title: string | null }>;

/**
 * The filter fields the title lookup of `resource` accepts: those a picker of a reference to
 * it filters by (`ReferenceField.pickAmong`), e.g. contracts' `customer`. Any other filter
 * would let a user who may only pick among titles probe fields they may not read.
 */
function pickerFilterFields(resource: CompiledResource): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const { field } of resource.referrers) {
    if (field.def.type === 'field')
      for (const key of Object.keys(field.def.pickAmong ?? {})) keys.add(key);
  }
  return keys;
}

/**
 * Reads a page of `resource`'s titles: `search` (the list's search, with its limits),
 * `ids` (at most {@link MAX_TITLE_IDS}), `filter` (only on {@link pickerFilterFields}, with
 * the list's parsing), `page`, `page_size`; in the resource's default
 * order. Throws 400 for bad parameters, 404 for a page beyond the last.
 */
export async function readTitles(
  db: Database,
  resource: CompiledResource,
  request: FastifyRequest,
  registry?: ResourceRegistry,
): Promise<TitlesAnswer> {
  const given = queryParams(request);
  // Only these parameters: the list's own parsing (search limits, page size, 404 for a bad
  // page) applies to them, and the order is the resource's default (index-backed).
  const params = new URLSearchParams();
  for (const name of ['search', 'page', 'page_size']) {
    const value = lastParam(given, name);
    if (value !== undefined) params.set(name, value);
  }
  const errors: FieldErrors = {};
  const filter = lastParam(given, 'filter');
  if (filter !== undefined && filter !== '') {
    const allowed = pickerFilterFields(resource);
    const refused = filter
      .split(',')
      .map((pair) => pair.split('=')[0]!.trim())
      .find((key) => !allowed.has(key));
    if (refused === undefined) params.set('filter', filter);
    else addError(errors, 'filter', messages.unknownFilterField(refused, [...allowed]));
  }
  const conditions: (SQL | undefined)[] = [];
  const idsText = lastParam(given, 'ids');
  if (idsText !== undefined && idsText !== '') {
    const ids = parseIds(idsText, errors);
    conditions.push(ids.length > 0 ? inArray(resource.id.column, ids) : sql`false`);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const query = parseListQuery(resource, params);
  if (query.paging.kind !== 'page') throw new Error('unreachable: only page paging is passed');
  const paging = query.paging;
  conditions.push(query.where);

  const where = and(...conditions);
  const { table } = resource.def;
  const [counted] = await db.select({ n: count() }).from(table).where(where);
  const total = Number(counted?.n ?? 0);
  const offset = (paging.page - 1) * paging.size;
  if (paging.page > 1 && offset >= total) throw detailError(404, messages.invalidPage);
  const title = titleExpression(resource, getTableName(table), requestLang(request), registry);
  const rows = await db
    .select({ id: resource.id.column, title })
    .from(table)
    .where(where)
    .orderBy(...orderBy(query.order))
    .limit(paging.size)
    .offset(offset);
  return pageAnswer(
    request,
    paging.page,
    offset,
    total,
    rows.map((row) => ({ id: Number(row.id), title: row.title })),
  );
}

/** What the titles route needs from the app. */
export interface TitlesRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
  /** The resources, for titles naming a referenced row (a reading's device). */
  readonly registry?: ResourceRegistry;
}

/** Registers `GET <prefix>/<name>/titles/` for `resource`. */
export function registerTitlesRoute(
  app: FastifyInstance,
  resource: CompiledResource,
  context: TitlesRouteContext,
): void {
  const { db, auth, prefix, registry } = context;
  const privileges = titlePrivileges(resource);
  registerPath(app, `${prefix}/${resource.name}/titles/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      if (!privileges.some((privilege) => may(principal, privilege))) throw permissionDenied();
      return readTitles(db, resource, request, registry);
    },
  });
}

const TITLE = 'Title';
const TITLE_PAGE = 'PaginatedTitleList';

/**
 * The OpenAPI path of `resource`'s titles: operation `<name>_titles`, with
 * `x-privileges-any` listing the privileges any one of which allows it.
 */
export function titlesPaths(
  resource: CompiledResource,
  prefix: string,
): Record<string, JsonObject> {
  const { name, labels } = resource.def;
  const query = (param: string, description: string, type: string): JsonObject => ({
    name: param,
    in: 'query',
    required: false,
    description,
    schema: { type },
  });
  return {
    [`${prefix}/${name}/titles/`]: {
      get: {
        operationId: `${name}_titles`,
        description:
          `Titles of ${labels.plural.en.toLowerCase()}, for naming and picking the rows a ` +
          'reference points to: allowed to holders of any privilege in x-privileges-any ' +
          '(the resource’s own and those of resources that reference it).',
        parameters: [
          query('ids', `Only these ids, comma-separated (at most ${MAX_TITLE_IDS}).`, 'string'),
          query('page', 'A page number within the paginated result set.', 'integer'),
          query(
            'page_size',
            `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
            'integer',
          ),
          query(
            'search',
            `Case- and accent-insensitive search in the resource's search fields (at most ${MAX_SEARCH_LENGTH} characters).`,
            'string',
          ),
          ...(pickerFilterFields(resource).size > 0
            ? [
                query(
                  'filter',
                  `key=value pairs joined by commas, as in the list; only on ${[...pickerFilterFields(resource)].join(', ')} (the fields a picker of a reference to it filters by, x-reference-filter).`,
                  'string',
                ),
              ]
            : []),
        ],
        tags: [name],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse(TITLE_PAGE) },
        'x-privileges-any': titlePrivileges(resource),
      },
    },
  };
}

/** The components the titles operations answer with. */
export function titlesSchemas(): Record<string, SchemaObject> {
  return {
    [TITLE]: {
      type: 'object',
      properties: {
        id: { type: 'integer', readOnly: true },
        title: { type: 'string', nullable: true, readOnly: true },
      },
      required: ['id', 'title'],
    },
    [TITLE_PAGE]: {
      type: 'object',
      required: ['count', 'results'],
      properties: {
        count: { type: 'integer', example: 123 },
        next: { type: 'string', nullable: true, format: 'uri' },
        previous: { type: 'string', nullable: true, format: 'uri' },
        results: { type: 'array', items: { $ref: `#/components/schemas/${TITLE}` } },
      },
    },
  };
}
