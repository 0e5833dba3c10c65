/**
 * Shapes the API's document names are imported from its generated types (`ApiSchema<'…'>`
 * of src/api, from `src/generated/api.d.ts`), never declared again in `overrides/`
 * (docs/architecture.md "Conventions"): the test fails when a file of `overrides/`
 * declares an interface or type whose name is a schema component's, or whose properties
 * are those of a component (all of them, or three or more and none that it lacks).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The non-test TypeScript files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

interface Declared {
  file: string;
  name: string;
  /** Property names when the type is an object shape, else null. */
  properties: Set<string> | null;
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

/**
 * Every interface and type alias declared in `file`, at any depth, but aliases that only
 * name a generated schema (`type Bill = ApiSchema<'Bill'>`).
 */
function declaredTypes(file: string): Declared[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
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
        properties: ts.isTypeLiteralNode(node.type) ? members(node.type.members) : null,
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
  if (shapes.has(declared.name) && !declared.name.includes('.')) return declared.name;
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

describe('types of overrides/', () => {
  const shapes = components();

  it('never repeat a schema component of the API by name or shape', () => {
    const repeated = sources('overrides').flatMap((file) =>
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
});
