/**
 * build/aliases.ts declares `src/resources/index.ts` free of side effects, so that Rollup
 * leaves out what an importer does not use of it (the shell's entry chunk imports one
 * helper). That holds only while the file re-exports and runs nothing itself.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

describe('the runtime’s public surface', () => {
  it('only re-exports (`export … from`), so that declaring it free of side effects is true', () => {
    const file = 'src/resources/index.ts';
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      false,
    );
    const other = source.statements
      .filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier))
      .map((statement) => statement.getText(source));
    expect(other).toEqual([]);
  });
});
