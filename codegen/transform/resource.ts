/**
 * One resource's descriptor (docs/architecture.md "The layers") from its list endpoint,
 * its item component and its OPTIONS answer (any language; labels are message ids here).
 */
import type {
  FieldCondition,
  ResourceDescriptor,
  TitleCases,
  TitlePart,
} from '../descriptor-types';
import type { OptionsMetadata } from '../parse/options';
import type { OpenApiDocument, OperationObject, SchemaObject } from '../parse/openapi';
import { columns } from './columns';
import { transformFields } from './field';
import { toFieldDescriptor, type FieldModel } from './field-model';
import { formSchema } from './form-schema';
import { filterFields, searchable, sortFields } from './list-capabilities';
import type { ListEndpoint } from './list-endpoints';
import { bulkActionId, createId, sectionId, singularId, titleId } from './message-ids';
import { resourceOperations } from './operations';
import { titleFields } from './title-fields';
import { uiSchema } from './ui-schema';

/** What all resources of one document share. */
export interface ResourceContext {
  readonly doc: OpenApiDocument;
  /** Names of all resources with a list endpoint. */
  readonly resources: ReadonlySet<string>;
  /** All operation ids of the document. */
  readonly operationIds: ReadonlySet<string>;
  /** The ids of the operations that take a dry run (`dryRunOperationIds`); none when absent. */
  readonly dryRunIds?: ReadonlySet<string>;
}

/** A descriptor and the field models it was made from (the catalogues need both). */
export interface ResourceModel {
  readonly descriptor: ResourceDescriptor;
  readonly fields: readonly FieldModel[];
  /** The OpenAPI list's English `x-singular` / `x-create`, the catalogues' last resort. */
  readonly names?: {
    readonly singular?: string;
    readonly create?: string;
    /** English labels of the bulk actions (`x-bulk-actions`), by action. */
    readonly bulkActions?: Readonly<Record<string, string>>;
  };
}

/** Builds one resource; `options` is its OPTIONS answer, if any language has one. */
export function transformResource(
  endpoint: ListEndpoint,
  options: OptionsMetadata | undefined,
  ctx: ResourceContext,
): ResourceModel {
  // Named when the OPTIONS answer or the OpenAPI list says (**Joule** `x-singular`,
  // `x-create`); the catalogues take each language's text from that language's OPTIONS.
  const singular = options?.singular ?? endpoint.list.singular;
  const create = options?.create ?? endpoint.list.create;
  const fields = withEmbeddedTitles(
    transformFields(
      { resource: endpoint.name, schemas: ctx.doc.schemas, resources: ctx.resources },
      [],
      endpoint.itemSchema,
      options?.post,
    ),
    endpoint.itemSchema.properties,
  );
  const id = idField(fields);
  const conditions = fieldConditions(endpoint.itemSchema, fields);
  const sections = [
    ...new Set(fields.flatMap((f) => (f.section === undefined ? [] : [f.section]))),
  ].map((key) => ({ key, label: sectionId(endpoint.name, key) }));
  const title = serverTitleFields(endpoint.list, fields) ?? titleFields(fields, id);
  const descriptor: ResourceDescriptor = {
    name: endpoint.name,
    path: endpoint.path,
    privilege: endpoint.list.privilege ?? null,
    title: titleId(endpoint.name),
    ...(singular !== undefined && { singular: singularId(endpoint.name) }),
    ...(create !== undefined && { create: createId(endpoint.name) }),
    idField: id,
    titleFields: title,
    ...serverTitleParts(endpoint.list, title),
    ...serverTitleCases(endpoint.list, fields),
    fields: fields.map(toFieldDescriptor),
    columns: serverListFields(endpoint.list, fields) ?? columns(fields, title, id),
    sortFields: sortFields(endpoint.list, fields),
    filterFields: filterFields(endpoint.list, fields, id),
    ...listParams(endpoint.list),
    searchable: searchable(endpoint.list),
    parent: parentField(endpoint.list, fields),
    ...(listedIn(endpoint.list, ctx.resources).length > 0 && {
      listedIn: listedIn(endpoint.list, ctx.resources),
    }),
    ...bulkActions(endpoint, ctx),
    operations: resourceOperations(endpoint.operationPrefix, ctx.operationIds, ctx.dryRunIds),
    ...(sections.length > 0 ? { sections } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    formSchema: formSchema(fields, conditions),
    uiSchema: uiSchema(fields),
  };
  return {
    descriptor,
    fields,
    names: {
      ...(endpoint.list.singular !== undefined && { singular: endpoint.list.singular }),
      ...(endpoint.list.create !== undefined && { create: endpoint.list.create }),
      ...(endpoint.list.bulkActions !== undefined && {
        bulkActions: Object.fromEntries(endpoint.list.bulkActions.map((a) => [a.name, a.label])),
      }),
    },
  };
}

/**
 * `{ bulkActions }`: the list's `x-bulk-actions` whose operation `<prefix>_bulk_<action>` the
 * document publishes, each with its label's message id; `{}` when there are none.
 */
export function bulkActions(
  endpoint: ListEndpoint,
  ctx: ResourceContext,
): { bulkActions?: { name: string; label: string }[] } {
  const actions = (endpoint.list.bulkActions ?? [])
    .filter((action) => ctx.operationIds.has(`${endpoint.operationPrefix}_bulk_${action.name}`))
    .map((action) => ({ name: action.name, label: bulkActionId(endpoint.name, action.name) }));
  return actions.length > 0 ? { bulkActions: actions } : {};
}

/**
 * The fields without the server's embedded titles (**Joule** `x-title-of: <reference>` on a
 * read-only property): each is dropped from the fields (no column, no form field) and
 * named as its reference's `titleField` instead. A property whose `x-title-of` names no
 * reference field of the resource stays an ordinary field.
 */
export function withEmbeddedTitles(
  fields: readonly FieldModel[],
  properties: ReadonlyMap<string, SchemaObject> | undefined,
): FieldModel[] {
  const titleOf = new Map<string, string>();
  for (const [name, schema] of properties ?? []) {
    const reference = fields.find((f) => f.name === schema.titleOf);
    const isReference =
      reference !== undefined &&
      (reference.kind === 'reference' ||
        (reference.kind === 'list' && reference.itemKind === 'reference'));
    if (schema.readOnly && isReference) titleOf.set(reference.name, name);
  }
  const titles = new Set(titleOf.values());
  return fields
    .filter((f) => !titles.has(f.name))
    .map((f) => {
      const titleField = titleOf.get(f.name);
      return titleField === undefined ? f : { ...f, titleField };
    });
}

/**
 * The item schema's `x-conditions` whose deciding field is a choice or boolean and whose
 * named fields are all writable fields of the resource (others are dropped: a condition
 * codegen cannot apply whole would show or require the wrong fields).
 */
export function fieldConditions(
  schema: SchemaObject,
  fields: readonly FieldModel[],
): FieldCondition[] {
  const writable = new Set(fields.filter((f) => !f.readOnly).map((f) => f.name));
  return (schema.conditions ?? [])
    .filter((condition) => {
      const decider = fields.find((f) => f.name === condition.field);
      return (
        decider !== undefined &&
        (decider.kind === 'choice' || decider.kind === 'boolean') &&
        [...condition.fields, ...condition.required].every((name) => writable.has(name))
      );
    })
    .map((condition) => ({
      field: condition.field,
      values: [...condition.values],
      fields: [...condition.fields],
      required: [...condition.required],
    }));
}

/**
 * The list's `x-parent` when it names a reference field of the resource, else null (a
 * plain DRF back-end has no such extension: its resources all stand alone).
 */
export function parentField(list: OperationObject, fields: readonly FieldModel[]): string | null {
  const parent = list.parent;
  if (parent === undefined) return null;
  return fields.some((f) => f.name === parent && f.kind === 'reference') ? parent : null;
}

/** The list's `x-listed-in` entries that name a known resource. */
export function listedIn(
  list: OperationObject,
  resources: ReadonlySet<string>,
): { resource: string; filter: string }[] {
  return (list.listedIn ?? [])
    .filter((entry) => resources.has(entry.resource))
    .map((entry) => ({ resource: entry.resource, filter: entry.filter }));
}

/** The list's `x-title-fields` when all name fields of the resource, else undefined. */
export function serverTitleFields(
  list: OperationObject,
  fields: readonly FieldModel[],
): string[] | undefined {
  const named = list.titleFields;
  if (named === undefined || named.length === 0) return undefined;
  return named.every((name) => fields.some((f) => f.name === name)) ? [...named] : undefined;
}

/** Query parameters every list has (docs/api.md "Lists", DRF's own). */
const COMMON_LIST_PARAMS = new Set([
  'page',
  'page_size',
  'page_after_id',
  'direction',
  'search',
  'sort',
  'ordering',
  'filter',
  'gte',
  'lte',
]);

/** `{ listParams }`: the list's other query parameters, sorted; `{}` when there are none. */
export function listParams(list: OperationObject): { listParams?: string[] } {
  const names = list.parameters
    .filter((param) => param.in === 'query' && !COMMON_LIST_PARAMS.has(param.name))
    .map((param) => param.name)
    .sort();
  return names.length > 0 ? { listParams: [...new Set(names)] } : {};
}

/**
 * `{ titleParts }`: the list's `x-title-fields` parts when some carries a separator and they
 * name exactly `titleFields` (the server's, in order); else `{}`.
 */
export function serverTitleParts(
  list: OperationObject,
  titleFields: readonly string[],
): { titleParts?: TitlePart[] } {
  const raw = list.titleParts;
  if (!Array.isArray(raw) || raw.length !== titleFields.length) return {};
  const parts: TitlePart[] = [];
  for (const [index, part] of (raw as unknown[]).entries()) {
    const name = titleFields[index]!;
    if (part === name) parts.push(name);
    else if (typeof part === 'object' && part !== null) {
      const { field, separator } = part as { field?: unknown; separator?: unknown };
      if (field !== name || typeof separator !== 'string') return {};
      parts.push({ field: name, separator });
    } else return {};
  }
  return { titleParts: parts };
}

/**
 * The list's `x-title-cases` as `{ titleCases }` when it is well formed: a choice field of
 * the resource and, per value, parts naming fields of it (a name or `{field, separator}`);
 * else `{}` (codegen keeps `titleFields` alone).
 */
export function serverTitleCases(
  list: OperationObject,
  fields: readonly FieldModel[],
): { titleCases?: TitleCases } {
  const raw = list.titleCases;
  if (typeof raw !== 'object' || raw === null) return {};
  const { field, cases } = raw as { field?: unknown; cases?: unknown };
  if (!fields.some((f) => f.name === field && f.kind === 'choice')) return {};
  if (typeof cases !== 'object' || cases === null) return {};
  const parsed: Record<string, TitlePart[]> = {};
  const known = (name: unknown) => fields.some((f) => f.name === name);
  for (const [value, parts] of Object.entries(cases)) {
    if (!Array.isArray(parts) || parts.length === 0) return {};
    const list: TitlePart[] = [];
    for (const part of parts as unknown[]) {
      if (typeof part === 'string' && known(part)) list.push(part);
      else if (typeof part === 'object' && part !== null) {
        const { field: name, separator } = part as { field?: unknown; separator?: unknown };
        if (typeof name !== 'string' || !known(name) || typeof separator !== 'string') return {};
        list.push({ field: name, separator });
      } else return {};
    }
    parsed[value] = list;
  }
  return { titleCases: { field: field as string, cases: parsed } };
}

/**
 * The list's `x-list-fields` (the server's default columns, docs/product.md) when it names only
 * fields of the resource that fit a cell and are not write-only, else undefined (codegen
 * chooses). The id field is left out: it is offered hidden, last.
 */
export function serverListFields(
  list: OperationObject,
  fields: readonly FieldModel[],
): string[] | undefined {
  const named = list.listFields;
  if (named === undefined || named.length === 0) return undefined;
  const usable = named.every((name) => fields.some((f) => f.name === name && !f.writeOnly));
  return usable ? named.filter((name) => name !== idField(fields)) : undefined;
}

/** `id` when present, else the first read-only integer, else the first field. */
export function idField(fields: readonly FieldModel[]): string {
  if (fields.some((f) => f.name === 'id')) return 'id';
  return fields.find((f) => f.readOnly && f.kind === 'integer')?.name ?? fields[0]?.name ?? 'id';
}
