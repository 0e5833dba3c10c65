/**
 * The part of an OpenAPI 3.0/3.1 document that codegen reads, parsed once at the edge into
 * typed, total data (docs/api.md "OpenAPI"). Anything unexpected is dropped, never thrown:
 * a DRF back-end without Joule's extensions must still produce descriptors.
 */
import {
  asArray,
  asBoolean,
  asNumber,
  asRecord,
  asString,
  asStringArray,
  isRecord,
  optional,
  type JsonRecord,
} from '../lib/json';

/** A JSON value allowed in an OpenAPI `enum`. */
export type EnumValue = string | number | boolean | null;

/** One schema object, with only the keywords codegen uses. */
export interface SchemaObject {
  /** `$ref`, e.g. `#/components/schemas/CustomerTypeEnum`. */
  readonly ref?: string;
  /** The non-null `type` (3.1 `type: [x, 'null']` is folded into `nullable`). */
  readonly type?: string;
  readonly format?: string;
  readonly nullable: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  /** The value the server uses when a create leaves the field out (`default`). */
  readonly default?: unknown;
  /** drf-spectacular writes a field's label here when it is not just its name. */
  readonly title?: string;
  readonly description?: string;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly enum?: readonly EnumValue[];
  readonly items?: SchemaObject;
  /** Properties in the server's order (field order matters for forms). */
  readonly properties?: ReadonlyMap<string, SchemaObject>;
  readonly required: readonly string[];
  readonly allOf: readonly SchemaObject[];
  readonly oneOf: readonly SchemaObject[];
  readonly anyOf: readonly SchemaObject[];
  /** **Joule** `x-reference`: the resource a foreign key points to. */
  readonly reference?: string;
  /** **Joule** `x-title-of`: this read-only property is the embedded title of that reference. */
  readonly titleOf?: string;
  /**
   * **Joule** `x-reference-filter` on a reference: a picker offers only the referenced rows
   * whose filter field (key) equals this row's field (value).
   */
  readonly referenceFilter?: Readonly<Record<string, string>>;
  /**
   * The string is long text, shown as a multi-line area (docs/extending.md "Long text"):
   * **Joule** `x-long-text`, or another back-end's `x-multiline` or `format` `textarea`,
   * `multiline` or `long-text`.
   */
  readonly longText?: boolean;
  /** **Joule** `x-unit`: a number's unit (`CZK`, `kWh`). */
  readonly unit?: string;
  /** **Joule** `x-section`: the key of the form section a property is shown in. */
  readonly section?: string;
  /** **Joule** `x-conditions` on an object schema: its conditional fields. */
  readonly conditions?: readonly SchemaCondition[];
}

/**
 * One `x-conditions` entry, in the form codegen understands: `if` tests one property
 * against an `enum` (or `const`) of values; `then.required` and `x-fields` name fields.
 */
export interface SchemaCondition {
  readonly field: string;
  readonly values: readonly (string | number | boolean)[];
  readonly fields: readonly string[];
  readonly required: readonly string[];
}

/** One query/path parameter of an operation. */
export interface ParameterObject {
  readonly name: string;
  readonly in: string;
}

/** One operation, with the Joule extensions of docs/api.md. */
export interface OperationObject {
  readonly method: string;
  readonly operationId?: string;
  readonly parameters: readonly ParameterObject[];
  /** The 200/201 `application/json` response schema, if any. */
  readonly responseSchema?: SchemaObject;
  /** **Joule** `x-privilege`. */
  readonly privilege?: string;
  /** **Joule** `x-search-fields`, `x-sort-fields`, `x-filter-fields` (undefined when absent). */
  readonly searchFields?: readonly string[];
  readonly sortFields?: readonly string[];
  readonly filterFields?: readonly string[];
  /** **Joule** `x-parent`: the reference field naming the row a list's rows belong to. */
  readonly parent?: string;
  /** **Joule** `x-title-fields`: the fields that name a row, when the server says. */
  readonly titleFields?: readonly string[];
  /**
   * **Joule** `x-title-fields` as published, when a part carries its separator
   * (`{field, separator}`); unchecked JSON.
   */
  readonly titleParts?: unknown;
  /** **Joule** `x-title-cases`: a title chosen by a choice field's value (unchecked JSON). */
  readonly titleCases?: unknown;
  /** **Joule** `x-list-fields`: the list's default columns, in order, when the server says. */
  readonly listFields?: readonly string[];
  /** **Joule** `x-singular` / `x-create` (English): one row's and a new row's names. */
  readonly singular?: string;
  readonly create?: string;
  /** **Joule** `x-listed-in`: the dialogs these rows are listed in, by filter key. */
  readonly listedIn?: readonly { readonly filter: string; readonly resource: string }[];
  /** **Joule** `x-bulk-actions`: the actions declared for many rows, English labels. */
  readonly bulkActions?: readonly NamedAction[];
}

/** A declared bulk action: `[a-z_]+` name and its label (**Joule** `x-bulk-actions`). */
export interface NamedAction {
  readonly name: string;
  readonly label: string;
}

/** `x-bulk-actions` entries of the understood form (`{name, label}`, name `[a-z_]+`). */
export function namedActions(value: unknown): NamedAction[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item) => {
    const entry = asRecord(item);
    const name = asString(entry.name);
    const label = asString(entry.label);
    return name !== undefined && /^[a-z_]{1,40}$/.test(name) && label ? [{ name, label }] : [];
  });
}

/** A parsed OpenAPI document. */
export interface OpenApiDocument {
  /** Operations by path (server order) and lower-case method. */
  readonly paths: ReadonlyMap<string, ReadonlyMap<string, OperationObject>>;
  /** `components.schemas` by name. */
  readonly schemas: ReadonlyMap<string, SchemaObject>;
  /** Path part of `servers[0].url`, when it is given (`/api/v1`), else undefined. */
  readonly serverPath?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Parses one schema object; `depth` guards against pathological nesting. */
export function parseSchemaObject(raw: unknown, depth = 0): SchemaObject {
  const node = asRecord(raw);
  const child = (value: unknown): SchemaObject => parseSchemaObject(value, depth + 1);
  const list = (value: unknown): readonly SchemaObject[] =>
    depth > 32 ? [] : asArray(value).map(child);
  const types = Array.isArray(node.type) ? asStringArray(node.type) : [asString(node.type)];
  const type = types.find((t) => t !== undefined && t !== 'null');
  const enumValues = Array.isArray(node.enum)
    ? node.enum.filter(
        (v): v is EnumValue => v === null || ['string', 'number', 'boolean'].includes(typeof v),
      )
    : undefined;
  let properties: Map<string, SchemaObject> | undefined;
  if (isRecord(node.properties) && depth <= 32) {
    properties = new Map(Object.entries(node.properties).map(([k, v]) => [k, child(v)]));
  }
  return {
    ...optional('ref', asString(node.$ref)),
    ...optional('type', type),
    ...optional('format', asString(node.format)),
    nullable: asBoolean(node.nullable) === true || types.includes('null'),
    readOnly: asBoolean(node.readOnly) === true,
    writeOnly: asBoolean(node.writeOnly) === true,
    ...optional('default', node.default),
    ...optional('title', asString(node.title)),
    ...optional('description', asString(node.description)),
    ...optional('maxLength', asNumber(node.maxLength)),
    ...optional('minLength', asNumber(node.minLength)),
    ...optional('minimum', asNumber(node.minimum)),
    ...optional('maximum', asNumber(node.maximum)),
    ...optional('pattern', asString(node.pattern)),
    ...optional('enum', enumValues),
    ...optional('items', isRecord(node.items) && depth <= 32 ? child(node.items) : undefined),
    ...optional('properties', properties),
    required: asStringArray(node.required),
    allOf: list(node.allOf),
    oneOf: list(node.oneOf),
    anyOf: list(node.anyOf),
    ...optional('reference', asString(node['x-reference'])),
    ...optional('titleOf', asString(node['x-title-of'])),
    ...optional('referenceFilter', stringMap(node['x-reference-filter'])),
    ...optional('conditions', conditions(node['x-conditions'])),
    ...optional('unit', asString(node['x-unit'])),
    ...optional('longText', isLongText(node) || undefined),
    ...optional(
      'section',
      typeof node['x-section'] === 'string' && /^[a-z_]+$/.test(node['x-section'])
        ? node['x-section']
        : undefined,
    ),
  };
}

/** The formats and `x-` hints that mark a string as long text (docs/extending.md "Long text"). */
const LONG_TEXT_FORMATS = new Set(['textarea', 'multiline', 'long-text']);

function isLongText(node: Record<string, unknown>): boolean {
  return (
    node['x-long-text'] === true ||
    node['x-multiline'] === true ||
    (typeof node.format === 'string' && LONG_TEXT_FORMATS.has(node.format))
  );
}

/**
 * `x-conditions` entries of the understood form (see {@link SchemaCondition}); others are
 * dropped, and undefined when none is left.
 */
function conditions(value: unknown): readonly SchemaCondition[] | undefined {
  const parsed: SchemaCondition[] = [];
  for (const entry of asArray(value)) {
    const node = asRecord(entry);
    const test = Object.entries(asRecord(asRecord(node.if).properties));
    if (test.length !== 1) continue;
    const [field, rawTest] = test[0]!;
    const testNode = asRecord(rawTest);
    const given = Array.isArray(testNode.enum) ? testNode.enum : [testNode.const];
    const values = given.filter(
      (v): v is string | number | boolean =>
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
    );
    if (values.length === 0) continue;
    const required = asStringArray(asRecord(node.then).required);
    const fields = asStringArray(node['x-fields']);
    parsed.push({ field, values, fields: [...new Set([...fields, ...required])], required });
  }
  return parsed.length > 0 ? parsed : undefined;
}

/** A JSON object of strings (names), else undefined: other entries make the whole invalid. */
function stringMap(value: unknown): Readonly<Record<string, string>> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  const names = /^[A-Za-z_][A-Za-z0-9_]*$/;
  const valid = entries.every(([k, v]) => names.test(k) && typeof v === 'string' && names.test(v));
  return valid && entries.length > 0
    ? (Object.fromEntries(entries) as Record<string, string>)
    : undefined;
}

/** Parses a whole document (`schema/openapi.json`). */
export function parseOpenApi(raw: unknown): OpenApiDocument {
  const doc = asRecord(raw);
  const components = asRecord(doc.components);
  const sharedParameters = asRecord(components.parameters);
  const schemas = new Map(
    Object.entries(asRecord(components.schemas)).map(([k, v]) => [k, parseSchemaObject(v)]),
  );
  const paths = new Map<string, Map<string, OperationObject>>();
  for (const [path, item] of Object.entries(asRecord(doc.paths))) {
    const operations = new Map<string, OperationObject>();
    for (const method of METHODS) {
      const op = asRecord(asRecord(item)[method]);
      if (Object.keys(op).length > 0)
        operations.set(method, parseOperation(method, op, sharedParameters));
    }
    paths.set(path, operations);
  }
  const serverUrl = asString(asRecord(asArray(doc.servers)[0]).url);
  return { paths, schemas, ...optional('serverPath', serverPath(serverUrl)) };
}

function parseOperation(
  method: string,
  op: JsonRecord,
  sharedParameters: JsonRecord,
): OperationObject {
  const parameters: ParameterObject[] = [];
  for (const rawParam of asArray(op.parameters)) {
    const ref = asString(asRecord(rawParam).$ref);
    const param = ref ? asRecord(sharedParameters[ref.split('/').pop() ?? '']) : asRecord(rawParam);
    const name = asString(param.name);
    const where = asString(param.in);
    if (name && where) parameters.push({ name, in: where });
  }
  const responses = asRecord(op.responses);
  const ok = asRecord(responses['200'] ?? responses['201']);
  const json = asRecord(asRecord(ok.content)['application/json']);
  return {
    method,
    ...optional('operationId', asString(op.operationId)),
    parameters,
    ...optional(
      'responseSchema',
      isRecord(json.schema) ? parseSchemaObject(json.schema) : undefined,
    ),
    ...optional('privilege', asString(op['x-privilege'])),
    ...optional('searchFields', listExtension(op['x-search-fields'])),
    ...optional('sortFields', listExtension(op['x-sort-fields'])),
    ...optional('filterFields', listExtension(op['x-filter-fields'])),
    ...optional('parent', asString(op['x-parent'])),
    ...optional('titleFields', titleFieldNames(op['x-title-fields'])),
    ...optional(
      'titleParts',
      Array.isArray(op['x-title-fields']) && op['x-title-fields'].some(isRecord)
        ? op['x-title-fields']
        : undefined,
    ),
    ...optional('titleCases', op['x-title-cases']),
    ...optional('listFields', listExtension(op['x-list-fields'])),
    ...optional('singular', asString(op['x-singular'])),
    ...optional('create', asString(op['x-create'])),
    ...optional('listedIn', listedInExtension(op['x-listed-in'])),
    ...optional('bulkActions', namedActions(op['x-bulk-actions'])),
  };
}

function listedInExtension(
  value: unknown,
): { readonly filter: string; readonly resource: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item) => {
    const entry = asRecord(item);
    const filter = asString(entry.filter);
    const resource = asString(entry.resource);
    return filter && resource ? [{ filter, resource }] : [];
  });
}

/** The field names of `x-title-fields`, whose parts are names or `{field, separator}`. */
function titleFieldNames(value: unknown): readonly string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return asStringArray(value.map((part) => (isRecord(part) ? part.field : part)));
}

function listExtension(value: unknown): readonly string[] | undefined {
  return Array.isArray(value) ? asStringArray(value) : undefined;
}

function serverPath(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const path = new URL(url, 'http://host.invalid').pathname.replace(/\/+$/, '');
    return path === '' ? undefined : path;
  } catch {
    return undefined;
  }
}
