/**
 * A resource's part of the OpenAPI 3.0.3 document, shaped like drf-spectacular's output
 * (docs/api.md "OpenAPI"): components `<Component>`, `Patched<Component>` and
 * `Paginated<Component>List`, operations `<name>_list`, `_create`, `_retrieve`, `_update`,
 * `_partial_update`, `_destroy`, plus the Joule extensions: `x-reference` on reference
 * properties (on the items of reference lists), `x-privilege` on every operation, and
 * `x-search-fields`, `x-sort-fields`, `x-filter-fields`, `x-range-fields` on list
 * operations, `x-title-of` on the read-only embedded titles of references (`titles.ts`),
 * `x-reference-filter` on a reference whose picker offers only some rows (`pickAmong`),
 * `x-singular` / `x-create` (a row's and a new row's names) on list operations, and the
 * dry run's `validate` query parameter on create and update operations.
 * The schema is always in English; labels in other languages come from OPTIONS.
 */
import {
  JWT_SECURITY,
  NO_BODY,
  jsonBody,
  jsonResponse,
  ref,
  type JsonObject,
  type PathsObject,
  type SchemaObject,
} from '../../openapi/types';
import type { EnumComponents } from './openapi-enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-query';
import type { CompiledField, CompiledResource } from './registry';
import { bulkActionsExtension } from './bulk';
import { embeddedTitleName } from './titles';
import { unitCode } from './units';
import type { JsonValue } from './types';

function typeSchema(
  resource: CompiledResource,
  field: CompiledField,
  enums: EnumComponents,
): SchemaObject {
  const { def } = field;
  switch (def.type) {
    case 'integer':
      return {
        type: 'integer',
        ...(def.maxValue !== undefined && { maximum: def.maxValue }),
        ...(def.minValue !== undefined && { minimum: def.minValue }),
      };
    case 'string':
    case 'email':
      return {
        type: 'string',
        ...(def.type === 'email' && { format: 'email' }),
        ...(def.maxLength !== undefined && { maxLength: def.maxLength }),
        ...(def.minLength !== undefined && { minLength: def.minLength }),
        // A blank value the field allows is valid too, and a form holds '' for it.
        ...(def.pattern && {
          pattern: def.allowBlank ? `^$|${def.pattern.regex.source}` : def.pattern.regex.source,
        }),
      };
    case 'decimal': {
      const whole = def.maxDigits - def.decimalPlaces;
      return {
        type: 'string',
        format: 'decimal',
        pattern: `^-?\\d{0,${whole}}(?:\\.\\d{0,${def.decimalPlaces}})?$`,
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'choice':
      return ref(enums.nameOf(resource, field.name));
    case 'multiple choice':
      return { type: 'array', items: ref(enums.nameOf(resource, field.name)) };
    case 'field':
      return {
        type: 'integer',
        'x-reference': def.reference,
        ...(def.pickAmong && { 'x-reference-filter': { ...def.pickAmong } }),
      };
    case 'list':
      return { type: 'array', items: { type: 'integer', 'x-reference': def.child.reference } };
  }
}

/**
 * A writable text without a limit or over 255 characters: long text, a multi-line area in a
 * form (**Joule** `x-long-text`, OPTIONS `style`; docs/extending.md "Long text").
 */
export function isLongText(field: CompiledField): boolean {
  const { def } = field;
  if (def.type !== 'string' || def.readOnly || def.writeOnly) return false;
  return def.maxLength === undefined || def.maxLength > 255;
}

/** The OpenAPI property of `field`, with drf-spectacular's enum wrapping and metadata. */
export function propertySchema(
  resource: CompiledResource,
  field: CompiledField,
  enums: EnumComponents,
): SchemaObject {
  const { def } = field;
  const meta: JsonObject = {
    ...(def.readOnly && { readOnly: true }),
    ...(def.writeOnly && { writeOnly: true }),
    ...(def.nullable && { nullable: true }),
    ...(def.default !== undefined && { default: def.default }),
    ...(def.helpText && { description: def.helpText.en }),
    ...(def.unit !== undefined && { 'x-unit': unitCode(def.unit, def.per) }),
    ...(def.section !== undefined && { 'x-section': def.section.key }),
    ...(def.type === 'string' && def.series && { 'x-series': true }),
    ...(isLongText(field) && { 'x-long-text': true }),
  };
  const schema = typeSchema(resource, field, enums);
  if (def.type !== 'choice') return { ...schema, ...meta };
  const alternatives = [
    schema,
    ...(def.allowBlank ? [ref('BlankEnum')] : []),
    ...(def.nullable ? [ref('NullEnum')] : []),
  ];
  if (alternatives.length > 1) return { ...meta, oneOf: alternatives };
  return Object.keys(meta).length > 0 ? { allOf: [schema], ...meta } : schema;
}

/**
 * The read-only property carrying the embedded title(s) of reference field `field`
 * (`titles.ts`), marked `x-title-of: <field>` so clients pair it with its reference; or
 * undefined for other fields.
 */
export function embeddedTitleSchema(
  field: CompiledField,
): { readonly name: string; readonly schema: SchemaObject } | undefined {
  const name = embeddedTitleName(field);
  if (name === undefined || !field.readable) return undefined;
  const common = { readOnly: true, 'x-title-of': field.name };
  return field.def.type === 'list'
    ? {
        name,
        schema: {
          type: 'array',
          items: { type: 'string', nullable: true },
          ...common,
          description: `Titles of the rows ${field.name} references, in its order (null: no title).`,
        },
      }
    : {
        name,
        schema: {
          type: 'string',
          nullable: true,
          ...common,
          description: `Title of the row ${field.name} references (null when none or untitled).`,
        },
      };
}

/**
 * **Joule** `x-conditions` (docs/product.md): each of the resource's `conditions` as a JSON Schema
 * `if`/`then` a client can apply as it is (OpenAPI 3.0 has no `if`, hence the extension),
 * plus `x-fields`, the fields shown only while a condition naming them holds. E.g.
 * `{"if": {"properties": {"type": {"enum": ["company"]}}, "required": ["type"]},
 * "then": {"required": ["company_name"], "properties": {"company_name": {"minLength": 1}}},
 * "x-fields": ["company_name", "crn", "tin"]}`. Blank text counts as missing, hence the
 * `minLength`.
 */
function conditionsExtension(resource: CompiledResource): JsonValue[] {
  return (resource.def.conditions ?? []).map((condition) => {
    const required = condition.required ?? [];
    const blankable = required.filter((name) => {
      const type = resource.byName.get(name)?.def.type;
      return type === 'string' || type === 'email';
    });
    return {
      if: {
        properties: { [condition.field]: { enum: [...condition.values] } },
        required: [condition.field],
      },
      then: {
        ...(required.length > 0 && { required: [...required] }),
        ...(blankable.length > 0 && {
          properties: Object.fromEntries(blankable.map((name) => [name, { minLength: 1 }])),
        }),
      },
      'x-fields': [...condition.fields],
    };
  });
}

/** `<Component>`, `Patched<Component>` and `Paginated<Component>List`. */
export function resourceSchemas(
  resource: CompiledResource,
  enums: EnumComponents,
): Record<string, SchemaObject> {
  const { component } = resource.def;
  const properties: JsonObject = {};
  const titles: string[] = [];
  for (const field of resource.fields) {
    properties[field.name] = propertySchema(resource, field, enums);
    const title = embeddedTitleSchema(field);
    if (title) {
      properties[title.name] = title.schema;
      titles.push(title.name);
    }
  }
  // As drf-spectacular: read-only fields are always present in answers, so required too.
  const required = [
    ...resource.fields
      .filter((field) => field.def.readOnly || field.def.required)
      .map((field) => field.name),
    ...titles,
  ].sort();
  const conditions = conditionsExtension(resource);
  return {
    [component]: {
      type: 'object',
      properties,
      required,
      ...(conditions.length > 0 && { 'x-conditions': conditions }),
    },
    [`Patched${component}`]: { type: 'object', properties },
    [`Paginated${component}List`]: {
      type: 'object',
      required: ['count', 'results'],
      properties: {
        count: { type: 'integer', example: 123 },
        next: {
          type: 'string',
          nullable: true,
          format: 'uri',
          example: `http://api.example.org/accounts/?page=4`,
        },
        previous: {
          type: 'string',
          nullable: true,
          format: 'uri',
          example: `http://api.example.org/accounts/?page=2`,
        },
        results: { type: 'array', items: ref(component) },
      },
    },
  };
}

function queryParameter(name: string, description: string, schema: JsonObject): JsonObject {
  return { name, in: 'query', required: false, description, schema };
}

function listParameters(resource: CompiledResource): JsonValue[] {
  const parameters: JsonObject[] = [
    queryParameter('page', 'A page number within the paginated result set.', { type: 'integer' }),
    queryParameter(
      'page_size',
      `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
      { type: 'integer' },
    ),
    queryParameter(
      'page_after_id',
      'Keyset paging: the id of the row this page follows (or precedes, with direction=prev) in the current order.',
      { type: 'integer' },
    ),
    queryParameter('direction', 'Keyset paging direction from page_after_id.', {
      type: 'string',
      enum: ['next', 'prev'],
      default: 'next',
    }),
    queryParameter(
      'sort',
      'Comma-separated fields to sort by, "-" prefix for descending (see x-sort-fields).',
      { type: 'string' },
    ),
  ];
  if (resource.searchFields.length > 0) {
    parameters.push(
      queryParameter('search', 'Case- and accent-insensitive search (see x-search-fields).', {
        type: 'string',
      }),
    );
  }
  if (resource.filterFields.length > 0) {
    parameters.push(
      queryParameter(
        'filter',
        'Exact matches as key=value pairs joined by commas (see x-filter-fields).',
        {
          type: 'string',
        },
      ),
    );
  }
  if (resource.rangeFields.length > 0) {
    parameters.push(
      queryParameter(
        'lte',
        'Inclusive upper bounds as key=value pairs joined by commas (see x-range-fields).',
        {
          type: 'string',
        },
      ),
      queryParameter(
        'gte',
        'Inclusive lower bounds as key=value pairs joined by commas (see x-range-fields).',
        {
          type: 'string',
        },
      ),
    );
  }
  for (const [name, param] of Object.entries(resource.def.queryParams ?? {})) {
    parameters.push(queryParameter(name, param.description, { ...param.schema }));
  }
  return parameters.sort((a, b) => String(a.name).localeCompare(String(b.name), 'en'));
}

/**
 * **Joule** `validate` of POST, PUT and PATCH (docs/api.md "Dry run"): with `1` the body is
 * checked as the write would be and nothing is written; a back-end that publishes no such
 * parameter gets no dry run from the SPA.
 */
const dryRunParameter = queryParameter(
  'validate',
  'Joule dry run: 1 checks the body as the write would and writes nothing; answers 200 {} or the same 400.',
  { type: 'integer', enum: [1] },
);

/** `x-listed-in`: each filter key with the resource whose row it names. */
function listedIn(resource: CompiledResource): JsonObject[] {
  return (resource.def.listedIn ?? []).map((filter) => {
    const field = resource.byName.get(filter)?.def;
    const target =
      field?.type === 'field' ? field.reference : resource.def.relatedFilters?.[filter]?.reference;
    return { filter, resource: target ?? '' };
  });
}

/** The paths `/api/v1/<name>/` and `/api/v1/<name>/{id}/` with their operations. */
export function resourcePaths(resource: CompiledResource, prefix: string): PathsObject {
  const { name, component, privilege, labels } = resource.def;
  const common = (operationId: string): JsonObject => ({
    operationId,
    tags: [name],
    security: JWT_SECURITY,
  });
  const idParameter: JsonObject = {
    name: 'id',
    in: 'path',
    required: true,
    description: `A unique integer value identifying this ${labels.singular.en.toLowerCase()}.`,
    schema: { type: 'integer' },
  };
  const item = (
    operationId: string,
    rest: JsonObject,
    parameters: JsonObject[] = [],
  ): JsonObject => ({
    operationId,
    parameters: [idParameter, ...parameters],
    tags: [name],
    ...(rest.requestBody !== undefined && { requestBody: rest.requestBody }),
    security: JWT_SECURITY,
    responses: rest.responses ?? {},
    'x-privilege': privilege,
  });
  return {
    [`${prefix}/${name}/`]: {
      get: {
        ...common(`${name}_list`),
        parameters: listParameters(resource),
        responses: { '200': jsonResponse(`Paginated${component}List`) },
        'x-privilege': privilege,
        'x-singular': labels.singular.en,
        'x-create': labels.create.en,
        'x-search-fields': [...resource.searchFields],
        'x-sort-fields': [...resource.sortFields],
        'x-filter-fields': [...resource.filterFields],
        'x-range-fields': [...resource.rangeFields],
        ...(resource.def.parent !== undefined && { 'x-parent': resource.def.parent }),
        ...(resource.def.titleFields !== undefined && {
          'x-title-fields': JSON.parse(JSON.stringify(resource.def.titleFields)) as JsonObject[],
        }),
        ...(resource.def.titleCases !== undefined && {
          'x-title-cases': {
            field: resource.def.titleCases.field,
            cases: JSON.parse(JSON.stringify(resource.def.titleCases.cases)) as JsonObject,
          },
        }),
        ...(resource.def.listFields !== undefined && {
          'x-list-fields': [...resource.def.listFields],
        }),
        ...(resource.def.listedIn !== undefined && { 'x-listed-in': listedIn(resource) }),
        ...(resource.def.bulkActions !== undefined && {
          'x-bulk-actions': bulkActionsExtension(resource),
        }),
      },
      post: {
        operationId: `${name}_create`,
        parameters: [dryRunParameter],
        tags: [name],
        requestBody: jsonBody(component),
        security: JWT_SECURITY,
        responses: { '201': jsonResponse(component) },
        'x-privilege': privilege,
      },
    },
    [`${prefix}/${name}/{id}/`]: {
      get: item(`${name}_retrieve`, { responses: { '200': jsonResponse(component) } }),
      put: item(
        `${name}_update`,
        { requestBody: jsonBody(component), responses: { '200': jsonResponse(component) } },
        [dryRunParameter],
      ),
      patch: item(
        `${name}_partial_update`,
        {
          requestBody: jsonBody(`Patched${component}`, false),
          responses: { '200': jsonResponse(component) },
        },
        [dryRunParameter],
      ),
      delete: item(`${name}_destroy`, { responses: { '204': NO_BODY } }),
    },
  };
}
