/**
 * Compiles {@link ResourceDefinition}s into the form the engine works with, checking them
 * once at startup so a mistake in a declaration fails fast with a clear message instead of
 * surfacing as a wrong answer.
 */
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { codecFor, type FieldCodec } from './codecs';
import type { FieldDefinition, ResourceDefinition } from './types';

/** A field with what the engine derives from it. */
export interface CompiledField {
  readonly name: string;
  readonly def: FieldDefinition;
  readonly codec: FieldCodec;
  readonly column: AnyPgColumn;
  /** The column's property name in the Drizzle table (the key in selected rows). */
  readonly columnKey: string;
  /** Returned in answers (not write-only). */
  readonly readable: boolean;
  /** Accepted in request bodies (not read-only). */
  readonly writable: boolean;
}

/** A field of another resource that points at this one. */
export interface Referrer {
  readonly resource: CompiledResource;
  readonly field: CompiledField;
}

/** A resource ready for the engine. */
export interface CompiledResource {
  readonly def: ResourceDefinition;
  readonly name: string;
  /** Fields in declaration (wire) order. */
  readonly fields: readonly CompiledField[];
  readonly byName: ReadonlyMap<string, CompiledField>;
  readonly id: CompiledField;
  readonly title: CompiledField;
  readonly sortFields: readonly string[];
  readonly filterFields: readonly string[];
  readonly rangeFields: readonly string[];
  readonly searchFields: readonly string[];
  /** Unique index / constraint name → field name, to word unique violations. */
  readonly uniqueConstraints: ReadonlyMap<string, string>;
  /** Fields of all resources (this one included) that reference this resource. */
  readonly referrers: Referrer[];
}

/**
 * All resources of the API by name, compiled from their declarations: the one
 * `ResourceRegistry` of the project (the SPA's are `ShellRegistry` and `ResourceRuntime`).
 */
export class ResourceRegistry {
  private readonly byName = new Map<string, CompiledResource>();

  constructor(definitions: readonly ResourceDefinition[]) {
    for (const definition of definitions) {
      if (this.byName.has(definition.name)) fail(definition, `duplicate resource name`);
      this.byName.set(definition.name, compile(definition));
    }
    for (const resource of this.byName.values()) {
      for (const field of resource.fields) {
        const target = referenceOf(field.def);
        if (target === undefined) continue;
        const referenced = this.byName.get(target);
        if (!referenced)
          fail(resource.def, `field ${field.name} references unknown resource "${target}"`);
        referenced.referrers.push({ resource, field });
        // The embedded title (`titles.ts`) must not shadow a field.
        const titleName =
          field.def.type === 'list' ? `${field.name}_titles` : `${field.name}_title`;
        if (resource.byName.has(titleName))
          fail(resource.def, `field ${titleName} clashes with the embedded title of ${field.name}`);
        // A picker's filter (`pickAmong`) names the referenced resource's filter fields and
        // this resource's own fields.
        const among = field.def.type === 'field' ? field.def.pickAmong : undefined;
        for (const [theirs, ours] of Object.entries(among ?? {})) {
          if (
            !referenced.filterFields.includes(theirs) &&
            referenced.def.valueFilters?.[theirs] === undefined
          )
            fail(
              resource.def,
              `pickAmong of ${field.name}: ${target} does not filter by ${theirs}`,
            );
          if (!resource.byName.has(ours))
            fail(resource.def, `pickAmong of ${field.name}: no field ${ours}`);
        }
      }
    }
  }

  /** The resource called `name`; throws for an unknown name (a programming error). */
  get(name: string): CompiledResource {
    const resource = this.byName.get(name);
    if (!resource) throw new Error(`Unknown resource "${name}"`);
    return resource;
  }

  /** Whether a resource is called `name`. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Every resource, in declaration order. */
  all(): readonly CompiledResource[] {
    return [...this.byName.values()];
  }
}

/** The resource a `field` or `list` of references points at. */
export function referenceOf(def: FieldDefinition): string | undefined {
  if (def.type === 'field') return def.reference;
  if (def.type === 'list') return def.child.reference;
  return undefined;
}

const TEXT_TYPES = new Set(['string', 'email', 'choice']);
const SCALAR_TYPES = new Set([
  ...TEXT_TYPES,
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'field',
]);
const RANGE_TYPES = new Set(['integer', 'decimal', 'date', 'datetime']);
const SEARCH_TYPES = new Set([...TEXT_TYPES, 'integer', 'decimal', 'date']);

function fail(definition: ResourceDefinition, message: string): never {
  throw new Error(`Resource "${definition.name}": ${message}`);
}

function compile(definition: ResourceDefinition): CompiledResource {
  const columnKeys = new Map<AnyPgColumn, string>();
  for (const [key, column] of Object.entries(getTableColumns(definition.table))) {
    columnKeys.set(column, key);
  }
  const fields: CompiledField[] = Object.entries(definition.fields).map(([name, def]) => {
    const columnKey = columnKeys.get(def.column);
    if (columnKey === undefined) fail(definition, `field ${name}: its column is not in the table`);
    if (def.readOnly && def.writeOnly)
      fail(definition, `field ${name} is both read-only and write-only`);
    return {
      name,
      def,
      codec: codecFor(def),
      column: def.column,
      columnKey,
      readable: !def.writeOnly,
      writable: !def.readOnly,
    };
  });
  const byName = new Map(fields.map((field) => [field.name, field]));

  const pick = (list: readonly string[], what: string, types: ReadonlySet<string>) => {
    for (const name of list) {
      const field = byName.get(name);
      if (!field) fail(definition, `${what} field "${name}" is not a field`);
      if (!types.has(field.def.type))
        fail(definition, `${what} field "${name}" has unsuitable type ${field.def.type}`);
    }
    return list;
  };
  const id = byName.get('id');
  if (!id || id.def.type !== 'integer' || !id.def.readOnly) {
    fail(definition, 'needs a read-only integer field "id" (use idField())');
  }
  const title = byName.get(definition.titleField);
  if (!title) fail(definition, `title field "${definition.titleField}" is not a field`);
  for (const part of definition.titleFields ?? []) {
    const name = typeof part === 'string' ? part : part.field;
    if (!byName.has(name)) fail(definition, `title field "${name}" is not a field`);
  }
  for (const key of definition.listedIn ?? []) {
    const field = byName.get(key);
    const isFilteredReference =
      field?.def.type === 'field' && (definition.filterFields ?? []).includes(key);
    if (!isFilteredReference && definition.relatedFilters?.[key] === undefined)
      fail(
        definition,
        `listed-in key "${key}" is neither a filtered reference nor a related filter`,
      );
  }
  if (definition.titleCases) {
    const { field, cases } = definition.titleCases;
    if (byName.get(field)?.def.type !== 'choice')
      fail(definition, `title cases field "${field}" is not a choice field`);
    for (const parts of Object.values(cases)) {
      for (const part of parts) {
        const name = typeof part === 'string' ? part : part.field;
        if (!byName.has(name)) fail(definition, `title field "${name}" is not a field`);
      }
    }
  }
  for (const name of definition.listFields ?? []) {
    if (!byName.has(name)) fail(definition, `list field "${name}" is not a field`);
    if (byName.get(name)?.def.writeOnly) fail(definition, `list field "${name}" is write-only`);
  }
  const sortFields = pick(definition.sortFields ?? [], 'sort', SCALAR_TYPES);
  for (const key of definition.defaultSort) {
    if (!sortFields.includes(key.replace(/^-/, '')))
      fail(definition, `defaultSort "${key}" is not a sort field`);
  }
  const filterFields = pick(
    definition.filterFields ?? [],
    'filter',
    new Set([...SCALAR_TYPES, 'list', 'multiple choice']),
  );
  const rangeFields = pick(
    definition.rangeFields ??
      sortFields.filter((name) => RANGE_TYPES.has(byName.get(name)?.def.type ?? '')),
    'range',
    new Set([...RANGE_TYPES, ...TEXT_TYPES]),
  );
  const searchFields = pick(definition.searchFields ?? [], 'search', SEARCH_TYPES);
  if (definition.searchColumn && !columnKeys.has(definition.searchColumn))
    fail(definition, 'its search column is not in the table');
  if (definition.parent !== undefined) {
    const parent = byName.get(definition.parent)?.def;
    if (parent?.type !== 'field' || !parent.required || !filterFields.includes(definition.parent))
      fail(definition, `parent ${definition.parent} must be a required, filterable reference`);
  }
  for (const condition of definition.conditions ?? []) {
    const decider = byName.get(condition.field)?.def.type;
    if (decider !== 'choice' && decider !== 'boolean')
      fail(definition, `condition field "${condition.field}" must be a choice or boolean`);
    for (const name of [...condition.fields, ...(condition.required ?? [])])
      if (!byName.get(name)?.writable) fail(definition, `condition names "${name}", not writable`);
    for (const name of condition.required ?? [])
      if (!condition.fields.includes(name))
        fail(definition, `condition requires "${name}" without showing it`);
  }
  if (definition.lockParent && definition.parent === undefined)
    fail(definition, 'lockParent needs a parent');

  return {
    def: definition,
    name: definition.name,
    fields,
    byName,
    id,
    title,
    sortFields,
    filterFields,
    rangeFields,
    searchFields,
    uniqueConstraints: uniqueConstraintsOf(definition, fields),
    referrers: [],
  };
}

function uniqueConstraintsOf(
  definition: ResourceDefinition,
  fields: readonly CompiledField[],
): Map<string, string> {
  const fieldOfColumn = new Map(fields.map((field) => [field.column.name, field.name]));
  const result = new Map<string, string>();
  const config = getTableConfig(definition.table);
  const add = (name: string | undefined, columnNames: readonly (string | undefined)[]) => {
    const field = columnNames.length === 1 ? fieldOfColumn.get(columnNames[0] ?? '') : undefined;
    if (name && field) result.set(name, field);
  };
  for (const index of config.indexes) {
    if (!index.config.unique) continue;
    const names = index.config.columns.map((column) =>
      column && 'name' in column && typeof column.name === 'string' ? column.name : undefined,
    );
    add(index.config.name, names);
  }
  for (const constraint of config.uniqueConstraints) {
    add(
      constraint.getName(),
      constraint.columns.map((column) => column.name),
    );
  }
  for (const column of config.columns) {
    if (column.isUnique) add(column.uniqueName, [column.name]);
  }
  return result;
}
