/**
 * The code cites the documents of the repository (issue #16: `docs/architecture.md`,
 * `docs/api.md`, `docs/declarations.md`), never design documents kept outside it, and a
 * cited section (`docs/api.md "Lists"`) is a heading of the cited document.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Tracked source files, but generated ones and migrations (written once, never edited). */
const sources = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.js'], {
  encoding: 'utf8',
})
  .split('\0')
  .filter(
    (file) =>
      file !== '' &&
      !file.startsWith('src/generated/') &&
      !file.startsWith('server/db/migrations/') &&
      existsSync(file),
  );

/** Comment text of a file with line breaks and leading `*`, `//`, `--` folded into spaces. */
function folded(file: string): string {
  return readFileSync(file, 'utf8').replace(/\s*\n\s*(?:\*(?!\/)|\/\/|--)?\s*/g, ' ');
}

/** The headings of a markdown file, without their `#`s. */
function headings(doc: string): string[] {
  return readFileSync(doc, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

describe('citations of the documentation', () => {
  it('name no design document outside the repository (API, DESIGN or STYLE ".md")', () => {
    const outside = sources.filter((file) =>
      /(?<![\w/])(?:API|DESIGN|STYLE)\.md/.test(readFileSync(file, 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('name sections that the cited document has', () => {
    const known = new Map<string, string[]>();
    const missing: string[] = [];
    let cited = 0;
    for (const file of sources) {
      // `docs/api.md "Resources", "OpenAPI document"`: every quoted section after the name.
      for (const match of folded(file).matchAll(/docs\/([\w-]+\.md)((?:,?\s*"[^"\n]+")+)/g)) {
        const doc = `docs/${match[1]}`;
        if (!known.has(doc)) known.set(doc, existsSync(doc) ? headings(doc) : []);
        for (const [, section] of match[2]!.matchAll(/"([^"]+)"/g)) {
          cited += 1;
          // A heading may go on after the name cited: `Names of referenced rows (**Joule**)`.
          if (!known.get(doc)!.some((heading) => heading.startsWith(section!)))
            missing.push(`${file}: ${doc} "${section}"`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(50);
  });
});
