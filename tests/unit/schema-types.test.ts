/**
 * Shapes the API's document names are imported from its generated types (`ApiSchema<'…'>`
 * of src/api, from `src/generated/api.d.ts`), never declared again in `src/` or `overrides/`
 * (docs/architecture.md "Conventions"): the test fails when a file of theirs (not
 * `src/generated`, not a test or its `test-support/`) declares an interface or type whose
 * name is a schema component's, or whose properties are those of a component (all of them,
 * or three or more and none that it lacks). A type derived from a generated one
 * (`Omit<ApiSchema<'Title'>, 'id'> & { readonly id: RowId }`) is not a repetition; an
 * object literal in such an intersection is checked like a declared one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

interface SchemaObject {
  properties?: Record<string, unknown>;
  items?: SchemaObject;
}

/**
 * The components of schema/openapi.json with the property names of each, and the object
 * shapes nested in them (`InvoiceLineList.results[]`, `Bill.period`), which the generated
 * types name as well (`ApiSchema<'InvoiceLineList'>['results'][number]`).
 */
function components(): Map<string, Set<string>> {
  const document = JSON.parse(readFileSync('schema/openapi.json', 'utf8')) as {
    components: { schemas: Record<string, SchemaObject> };
  };
  const shapes = new Map<string, Set<string>>();
  const add = (name: string, schema: SchemaObject) => {
    if (schema.items) add(`${name}[]`, schema.items);
    if (!schema.properties) return;
    shapes.set(name, new Set(Object.keys(schema.properties)));
    for (const [property, inner] of Object.entries(schema.properties))
      add(`${name}.${property}`, inner as SchemaObject);
  };
  for (const [name, schema] of Object.entries(document.components.schemas)) add(name, schema);
  return shapes;
}

/** The folders whose types are checked, and what of them is not. */
const SOURCE_DIRS = ['src', 'overrides'];
const NOT_CHECKED = /^src\/generated\/|(^|\/)test-support\/|\.(test|spec)\.tsx?$/;

/** The TypeScript files of {@link SOURCE_DIRS} but generated code and tests. */
function sources(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name).split(sep).join('/'))
      .filter((file) => !NOT_CHECKED.test(file)),
  );
}

interface Declared {
  file: string;
  name: string;
  /** Property names when the type is an object shape, else null. */
  properties: Set<string> | null;
  /** The schemas the type is derived from (`Omit<ApiSchema<'BulkResult'>, …> & …`). */
  derivedFrom?: ReadonlySet<string>;
}

/** Whether `type` is one of the generated schemas, by `ApiSchema<…>` or `ApiSchemas[…]`. */
function namesSchema(type: ts.TypeNode): boolean {
  return (
    (ts.isTypeReferenceNode(type) && type.typeName.getText() === 'ApiSchema') ||
    (ts.isIndexedAccessTypeNode(type) &&
      ts.isTypeReferenceNode(type.objectType) &&
      type.objectType.typeName.getText() === 'ApiSchemas')
  );
}

/** The schemas `type` names with `ApiSchema<'…'>`, at any depth. */
function schemasNamed(type: ts.TypeNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === 'ApiSchema' &&
      node.typeArguments?.[0] &&
      ts.isLiteralTypeNode(node.typeArguments[0]) &&
      ts.isStringLiteral(node.typeArguments[0].literal)
    )
      names.add(node.typeArguments[0].literal.text);
    ts.forEachChild(node, visit);
  };
  visit(type);
  return names;
}

/**
 * The properties an alias declares itself: those of its object literal, or of the object
 * literals of its intersection (`Omit<…> & { … }`); null when it declares none that way.
 */
function ownProperties(
  type: ts.TypeNode,
  members: (list: ts.NodeArray<ts.TypeElement>) => Set<string>,
): Set<string> | null {
  if (ts.isTypeLiteralNode(type)) return members(type.members);
  if (!ts.isIntersectionTypeNode(type)) return null;
  const literals = type.types.filter(ts.isTypeLiteralNode);
  if (literals.length === 0) return null;
  return new Set(literals.flatMap((literal) => [...members(literal.members)]));
}

/**
 * Every interface and type alias declared in `file` (its `text`, else read), at any depth,
 * but aliases that only name a generated schema (`type Bill = ApiSchema<'Bill'>`).
 */
export function declaredTypes(file: string, text = readFileSync(file, 'utf8')): Declared[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Declared[] = [];
  const members = (list: ts.NodeArray<ts.TypeElement>) =>
    new Set(
      list
        .filter(ts.isPropertySignature)
        .map((member) => member.name.getText(source).replace(/^['"]|['"]$/g, '')),
    );
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) {
      found.push({ file, name: node.name.text, properties: members(node.members) });
    } else if (ts.isTypeAliasDeclaration(node) && !namesSchema(node.type)) {
      found.push({
        file,
        name: node.name.text,
        properties: ownProperties(node.type, members),
        derivedFrom: schemasNamed(node.type),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The component `declared` repeats, by name or by shape, or undefined. */
export function repeatedComponent(
  declared: Declared,
  shapes: ReadonlyMap<string, ReadonlySet<string>>,
): string | undefined {
  // A type derived from the component of its name narrows it rather than repeats it.
  if (
    shapes.has(declared.name) &&
    !declared.name.includes('.') &&
    !declared.derivedFrom?.has(declared.name)
  )
    return declared.name;
  const own = declared.properties;
  if (!own || own.size < 2) return undefined;
  for (const [name, properties] of shapes) {
    // A nested shape of two properties ({from, to}) is too common to be the API's alone.
    if (properties.size < (name.includes('.') ? 3 : 2)) continue;
    const within = [...own].every((property) => properties.has(property));
    if (within && (own.size === properties.size || own.size >= 3)) return name;
  }
  return undefined;
}

describe('types of src/ and overrides/', () => {
  const shapes = components();

  it('never repeat a schema component of the API by name or shape', () => {
    const repeated = sources().flatMap((file) =>
      declaredTypes(file).flatMap((declared) => {
        const component = repeatedComponent(declared, shapes);
        return component ? [`${file}: ${declared.name} repeats ${component}`] : [];
      }),
    );
    expect(repeated).toEqual([]);
  });

  it('the check finds a repeated name and a repeated shape', () => {
    const file = 'probe.ts';
    expect(
      repeatedComponent({ file, name: 'SilentPoint', properties: new Set(['point']) }, shapes),
    ).toBe('SilentPoint');
    expect(
      repeatedComponent(
        {
          file,
          name: 'BulkAnswer',
          properties: new Set(['created', 'unchanged', 'failed', 'errors']),
        },
        shapes,
      ),
    ).toBe('MeasurementBulkResult');
    expect(
      repeatedComponent(
        { file, name: 'ImportCounts', properties: new Set(['created', 'unchanged', 'refused']) },
        shapes,
      ),
    ).toBeUndefined();
  });

  it('scans src/ and overrides/ but generated code and tests', () => {
    const files = sources();
    expect(files).toContain('src/auth/session-store.ts');
    expect(files).toContain('overrides/invoices/invoice-panel.tsx');
    expect(files.filter((file) => NOT_CHECKED.test(file))).toEqual([]);
    expect(files.some((file) => file.startsWith('src/generated/'))).toBe(false);
  });

  it('finds what src/ once declared again, and lets derived types be', () => {
    const repeated = (text: string) =>
      declaredTypes('probe.ts', text).map((declared) => repeatedComponent(declared, shapes));
    // As src/auth/session-store.ts and src/resources/queries.ts had them.
    expect(
      repeated(`export interface CurrentUser {
        readonly id: number;
        readonly email: string;
        readonly privileges: readonly string[];
      }`),
    ).toEqual(['Me']);
    expect(
      repeated(`export interface HistoryEntry {
        readonly id: number;
        readonly at: string;
        readonly action: 'create' | 'update' | 'delete' | 'export' | 'anonymise';
        readonly user: { readonly id: number; readonly email: string } | null;
        readonly changes: Readonly<Record<string, readonly unknown[]>>;
        readonly resource?: string;
      }`),
    ).toEqual(['AuditEntry']);
    expect(repeated('export interface UserPreferences { readonly lists?: unknown }')).toEqual([
      'UserPreferences',
    ]);
    // A copied shape inside an intersection is a copy still.
    expect(
      repeated(`type Tokens = { readonly access: string; readonly refresh: string } & Extra;`),
    ).toEqual(['AccountTokens']);
    expect(
      repeated(`
        type TitleRow = Omit<ApiSchema<'Title'>, 'id'> & { readonly id: RowId };
        type Page = Omit<ApiSchema<'PaginatedAuditEntryList'>, 'results'> & {
          readonly results: readonly HistoryEntry[];
        };
        type Me = ApiSchema<'Me'>;
        type BulkResult = Omit<ApiSchema<'BulkResult'>, 'failed'> & { readonly stopped?: boolean };`),
    ).toEqual([undefined, undefined, undefined]);
    expect(
      repeated(`type BulkResult = Omit<Other, 'failed'> & { readonly stopped?: boolean };`),
    ).toEqual(['BulkResult']);
  });
});
