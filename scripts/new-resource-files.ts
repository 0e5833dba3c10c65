/**
 * What `npm run new:resource` writes (docs/extending.md "Add an entity"): the names of a new
 * resource, its table, declaration and test, and the three registrations (the tables'
 * index, the declarations' index, the privilege catalogue) as edits of those files' text.
 * Pure: scripts/new-resource.ts reads and writes the files.
 */
import ts from 'typescript';

/** Every name of one resource, derived from its URL name. */
export interface ResourceNames {
  /** URL and resource name, kebab-case plural: `meter-seals`. */
  readonly name: string;
  /** SQL table: `meter_seals`. */
  readonly table: string;
  /** The drizzle table's export: `meterSeals`. */
  readonly tableExport: string;
  /** The declaration's export: `meterSealsResource`. */
  readonly resourceExport: string;
  /** OpenAPI component: `MeterSeal`. */
  readonly component: string;
  /** The privilege gating it: `METER_SEALS`. */
  readonly privilege: string;
  /** Labels per language: singular, plural, "New …". */
  readonly labels: Readonly<Record<'en' | 'cs', Labels>>;
}

/** A resource's three labels in one language. */
export interface Labels {
  readonly singular: string;
  readonly plural: string;
  readonly create: string;
}

/** What the command was asked for. */
export interface NewResourceOptions {
  readonly name: string;
  readonly component?: string;
  readonly privilege?: string;
  /** `Singular|Plural|New …` in English. */
  readonly en?: string;
  /** `Singular|Plural|New …` in Czech; the English ones when absent. */
  readonly cs?: string;
}

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** `meter-seals` → `MeterSeals`. */
function pascal(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `MeterSeal` → `meter seal`. */
function words(pascalName: string): string {
  return pascalName.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase();
}

/** `Meter seal|Meter seals|New meter seal` → labels; throws on another shape. */
function parseLabels(value: string, flag: string): Labels {
  const parts = value.split('|').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) {
    throw new Error(
      `--${flag} takes "Singular|Plural|New …", e.g. "Meter seal|Meter seals|New meter seal"`,
    );
  }
  return { singular: parts[0]!, plural: parts[1]!, create: parts[2]! };
}

/**
 * The names of a new resource. `name` is its URL name, kebab-case and plural (`meter-seals`);
 * the component defaults to it in PascalCase without a final `s` (`MeterSeal`), the
 * privilege to it in upper case (`METER_SEALS`), the English labels to its words.
 * @throws Error on a name, component or privilege of another shape.
 */
export function resourceNames(options: NewResourceOptions): ResourceNames {
  const { name } = options;
  if (!NAME.test(name) || name.length > 50) {
    throw new Error(
      `resource name "${name}": kebab-case, a letter first, at most 50 characters (e.g. meter-seals)`,
    );
  }
  const plural = pascal(name);
  const component = options.component ?? plural.replace(/s$/, '');
  if (!/^[A-Z][A-Za-z0-9]*$/.test(component)) {
    throw new Error(`component "${component}": PascalCase (e.g. MeterSeal)`);
  }
  const privilege = options.privilege ?? name.replace(/-/g, '_').toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(privilege)) {
    throw new Error(`privilege "${privilege}": upper case, digits and _ (e.g. METER_SEALS)`);
  }
  const singularWords = words(component);
  const pluralWords = words(plural);
  const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  const en = options.en
    ? parseLabels(options.en, 'en')
    : {
        singular: capital(singularWords),
        plural: capital(pluralWords),
        create: `New ${singularWords}`,
      };
  const camel = plural[0]!.toLowerCase() + plural.slice(1);
  return {
    name,
    table: name.replace(/-/g, '_'),
    tableExport: camel,
    resourceExport: `${camel}Resource`,
    component,
    privilege,
    labels: { en, cs: options.cs ? parseLabels(options.cs, 'cs') : en },
  };
}

/** A string as a single-quoted TypeScript literal. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `text('…', '…')` of one label. */
function text(names: ResourceNames, key: keyof Labels): string {
  return `text(${quote(names.labels.en[key])}, ${quote(names.labels.cs[key])})`;
}

/** `server/db/schema/<name>.ts`: the table, an id and a name. */
export function tableSource(names: ResourceNames): string {
  return `import { pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/** ${names.labels.en.plural}: the rows of the \`${names.name}\` resource (server/resources/definitions/${names.name}.ts). */
export const ${names.tableExport} = pgTable(${quote(names.table)}, {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});
`;
}

/** `server/resources/definitions/<name>.ts`: the declaration (docs/declarations.md). */
export function declarationSource(names: ResourceNames): string {
  return `/**
 * ${names.labels.en.plural} (docs/declarations.md): a name, unique. Written by
 * \`npm run new:resource\`; a field is added here and to the table in
 * server/db/schema/${names.name}.ts, then \`npm run db:generate\` and \`npm run regen\`.
 */
import { ${names.tableExport} } from '../../db/schema';
import { text } from '../../i18n/text';
import { defineResource, idField } from '../engine';

/** \`/api/v1/${names.name}/\`, gated by \`${names.privilege}\`. */
export const ${names.resourceExport} = defineResource({
  name: ${quote(names.name)},
  component: ${quote(names.component)},
  privilege: ${quote(names.privilege)},
  table: ${names.tableExport},
  labels: {
    singular: ${text(names, 'singular')},
    plural: ${text(names, 'plural')},
    create: ${text(names, 'create')},
  },
  titleField: 'name',
  fields: {
    id: idField(${names.tableExport}.id),
    name: {
      type: 'string',
      column: ${names.tableExport}.name,
      label: text('Name', 'Název'),
      required: true,
      maxLength: 100,
      unique: true,
    },
  },
  searchFields: ['name'],
  sortFields: ['id', 'name'],
  filterFields: ['name'],
  defaultSort: ['name'],
});
`;
}

/** `server/resources/definitions/<name>.test.ts`: a round trip and the privilege. */
export function testSource(names: ResourceNames): string {
  const path = `/${names.name}/`;
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

describe(${quote(names.name)}, () => {
  it('creates, reads, updates, lists and deletes', async () => {
    const created = await server.request(${quote(path)}, {
      method: 'POST',
      token: admin,
      body: { name: 'First' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const patched = await server.request(\`${path}\${id}/\`, {
      method: 'PATCH',
      token: admin,
      body: { name: 'Second' },
    });
    expect(patched.body).toEqual({ ...created.body, name: 'Second' });
    const list = await server.request(${quote(`${path}?search=Second`)}, { token: admin });
    expect(list.body.results.map((row: { id: number }) => row.id)).toEqual([id]);
    const deleted = await server.request(\`${path}\${id}/\`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
  });

  it('refuses a missing or repeated name', async () => {
    const empty = await server.request(${quote(path)}, { method: 'POST', token: admin, body: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body)).toEqual(['name']);
    await server.request(${quote(path)}, { method: 'POST', token: admin, body: { name: 'Once' } });
    const again = await server.request(${quote(path)}, {
      method: 'POST',
      token: admin,
      body: { name: 'Once' },
    });
    expect(again.status).toBe(400);
  });

  it('answers 403 without ${names.privilege}', async () => {
    await expectForbidden(server, clerk, [${quote(names.name)}], { name: 'Third' });
  });
});
`;
}

/** The source's statements, parsed. */
function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
}

/** `source` with `insert` put at `position`. */
function insertAt(source: string, position: number, insert: string): string {
  return source.slice(0, position) + insert + source.slice(position);
}

/** The array literal `export const <name> … = [ … ]` of `file`, or a thrown error. */
function arrayLiteral(file: ts.SourceFile, name: string): ts.ArrayLiteralExpression {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name &&
        declaration.initializer &&
        ts.isArrayLiteralExpression(declaration.initializer)
      ) {
        return declaration.initializer;
      }
    }
  }
  throw new Error(`${file.fileName}: no array \`${name}\` to register the resource in`);
}

/** `element` added as the last element of `array` (a trailing comma kept or added). */
function appendElement(source: string, array: ts.ArrayLiteralExpression, element: string): string {
  const last = array.elements[array.elements.length - 1];
  if (!last) return insertAt(source, array.getEnd() - 1, `${element},`);
  const comma = array.elements.hasTrailingComma ? '' : ',';
  return insertAt(
    source,
    last.getEnd() + (array.elements.hasTrailingComma ? 1 : 0),
    `${comma}\n  ${element},`,
  );
}

/** `server/db/schema/index.ts` with the new table exported. */
export function registerTable(source: string, names: ResourceNames): string {
  const line = `export { ${names.tableExport} } from './${names.name}';\n`;
  if (source.includes(line)) throw new Error(`the table ${names.tableExport} is exported already`);
  return source.endsWith('\n') ? source + line : `${source}\n${line}`;
}

/** `server/resources/definitions/index.ts` with the declaration imported and listed. */
export function registerDeclaration(source: string, names: ResourceNames): string {
  const file = parse('definitions/index.ts', source);
  if (
    file.statements.some(
      (s) => ts.isImportDeclaration(s) && s.getText().includes(`'./${names.name}'`),
    )
  ) {
    throw new Error(`definitions/index.ts imports ./${names.name} already`);
  }
  const imports = file.statements.filter(ts.isImportDeclaration);
  const lastImport = imports[imports.length - 1];
  if (!lastImport) throw new Error('definitions/index.ts: no import to add the declaration after');
  // Insert the list entry first (it comes later in the file), then the import.
  const listed = appendElement(source, arrayLiteral(file, 'resources'), names.resourceExport);
  return insertAt(
    listed,
    lastImport.getEnd(),
    `\nimport { ${names.resourceExport} } from './${names.name}';`,
  );
}

/**
 * `server/auth/privileges.ts` with the privilege in the catalogue (in the settings area),
 * unless it is there already (a resource gated by an existing privilege).
 */
export function registerPrivilege(source: string, names: ResourceNames): string {
  const file = parse('privileges.ts', source);
  const catalogue = arrayLiteral(file, 'PRIVILEGES');
  const known = catalogue.elements.some((element) =>
    new RegExp(`value:\\s*'${names.privilege}'`).test(element.getText()),
  );
  if (known) return source;
  const entry = `{ value: ${quote(names.privilege)}, label: ${text(names, 'plural')}, group: AREA.settings }`;
  return appendElement(source, catalogue, entry);
}
