import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  declarationSource,
  registerDeclaration,
  registerPrivilege,
  registerTable,
  resourceNames,
  tableSource,
  testSource,
} from './new-resource-files';

const names = resourceNames({ name: 'meter-seals', cs: 'Plomba|Plomby|Nová plomba' });

/** TypeScript's syntax errors of `source` (none for valid code). */
function syntaxErrors(source: string): string[] {
  const output = ts.transpileModule(source, { reportDiagnostics: true });
  return (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

describe('the names of a new resource', () => {
  it('follow from its URL name', () => {
    expect(names).toEqual({
      name: 'meter-seals',
      table: 'meter_seals',
      tableExport: 'meterSeals',
      resourceExport: 'meterSealsResource',
      component: 'MeterSeal',
      privilege: 'METER_SEALS',
      labels: {
        en: { singular: 'Meter seal', plural: 'Meter seals', create: 'New meter seal' },
        cs: { singular: 'Plomba', plural: 'Plomby', create: 'Nová plomba' },
      },
    });
  });

  it('take a component, a privilege and labels when given', () => {
    const given = resourceNames({
      name: 'boxes',
      component: 'Box',
      privilege: 'SETTINGS',
      en: 'Box|Boxes|New box',
    });
    expect(given).toMatchObject({ component: 'Box', privilege: 'SETTINGS' });
    expect(given.labels.cs).toEqual(given.labels.en);
  });

  it.each([['Meter-Seals'], ['meter_seals'], ['-seals'], ['seals-'], ['1seals']])(
    'refuse the name %s',
    (name) => {
      expect(() => resourceNames({ name })).toThrow(/kebab-case/);
    },
  );

  it('refuse labels that are not three', () => {
    expect(() => resourceNames({ name: 'seals', en: 'Seal|Seals' })).toThrow(/Singular\|Plural/);
  });
});

describe('the files it writes', () => {
  it('are valid TypeScript naming the resource', () => {
    for (const source of [tableSource(names), declarationSource(names), testSource(names)]) {
      expect(syntaxErrors(source)).toEqual([]);
    }
    expect(tableSource(names)).toContain("pgTable('meter_seals'");
    expect(declarationSource(names)).toContain("plural: text('Meter seals', 'Plomby')");
    expect(testSource(names)).toContain("'/meter-seals/'");
  });
});

describe('the registrations', () => {
  const read = (path: string) => readFileSync(path, 'utf8');

  it('export the table from the tables’ index, once', () => {
    const source = registerTable(read('server/db/schema/index.ts'), names);
    expect(source).toContain("export { meterSeals } from './meter-seals';\n");
    expect(() => registerTable(source, names)).toThrow(/already/);
  });

  it('import the declaration and list it last in `resources`, once', () => {
    const source = registerDeclaration(read('server/resources/definitions/index.ts'), names);
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toContain("import { meterSealsResource } from './meter-seals';");
    expect(source).toMatch(/Resource,\s*meterSealsResource,\s*\];/);
    expect(() => registerDeclaration(source, names)).toThrow(/already/);
  });

  it('add the privilege to the catalogue unless it is there', () => {
    const original = read('server/auth/privileges.ts');
    const source = registerPrivilege(original, names);
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toMatch(
      /\{ value: 'METER_SEALS', label: text\('Meter seals', 'Plomby'\), group: AREA\.settings \},\s*\];/,
    );
    expect(registerPrivilege(original, resourceNames({ name: 'x', privilege: 'SETTINGS' }))).toBe(
      original,
    );
  });
});
