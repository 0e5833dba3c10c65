/**
 * The code cites the documents of the repository (docs/architecture.md: `docs/architecture.md`,
 * `docs/api.md`, `docs/declarations.md`, `docs/product.md`), never design documents kept
 * outside it (API.md, DESIGN.md, STYLE.md, the product specification SPEC.md), and a cited
 * section (`docs/api.md "Lists"`, `docs/product.md §2 "Layout"`) is one the cited document has.
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

/** This file, which names the documents it forbids. */
const self = 'tests/unit/doc-citations.test.ts';

/** The sources, plus the tracked style sheets, HTML and markdown (README, docs) that cite too. */
const citing = [
  ...sources,
  ...execFileSync('git', ['ls-files', '-z', '--', '*.css', '*.html', '*.md'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(file)),
];

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

/** Whitespace, case, backticks and emphasis aside: how a quoted passage is compared. */
function plain(text: string): string {
  return text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The numbered sections of docs/product.md (`## 2. Screens and routes`): number → plain text. */
function productSections(): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of readFileSync('docs/product.md', 'utf8').split(/^(?=## )/m)) {
    const number = /^## (\d+)\. /.exec(part)?.[1];
    if (number !== undefined) sections.set(number, plain(part));
  }
  return sections;
}

/**
 * The citations of docs/product.md in `text`: `docs/product.md §4 "Token refresh", §9` gives
 * `{section: '4', quotes: ['Token refresh']}` and `{section: '9', quotes: []}`.
 */
function productCitations(text: string): { section: string; quotes: string[] }[] {
  const found: { section: string; quotes: string[] }[] = [];
  const quoted = String.raw`(?::?\s*"[^"]*")?(?:,\s*"[^"]*")*`;
  const chain = new RegExp(String.raw`docs/product\.md((?:[,;]?\s*§\d+${quoted})+)`, 'g');
  for (const [, list] of text.matchAll(chain)) {
    for (const [, section, quotes] of list!.matchAll(
      new RegExp(String.raw`§(\d+)(${quoted})`, 'g'),
    ))
      found.push({
        section: section!,
        quotes: [...quotes!.matchAll(/"([^"]*)"/g)].map((q) => q[1]!),
      });
  }
  return found;
}

describe('citations of the documentation', () => {
  it('name no design document outside the repository (API.md, DESIGN.md, STYLE.md)', () => {
    const outside = sources.filter(
      (file) =>
        file !== self && /(?<![\w/])(?:API|DESIGN|STYLE)\.md/.test(readFileSync(file, 'utf8')),
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

  it('cite no issue numbers, which a reader of the repository cannot open', () => {
    const citingIssues = citing.filter(
      (file) => file !== self && /\b[Ii]ssues? #?\d+\b/.test(folded(file)),
    );
    expect(citingIssues).toEqual([]);
  });

  it('name no product specification outside the repository (SPEC §N, SPEC.md)', () => {
    const outside = citing.filter(
      (file) =>
        file !== self && /\bSPEC\.md\b|\bSPEC(?:'s)?\s+(?:§|[a-z])|\bthe SPEC\b/.test(folded(file)),
    );
    expect(outside).toEqual([]);
  });

  it('name numbered sections of docs/product.md, and quote what they say', () => {
    const sections = productSections();
    expect([...sections.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const missing: string[] = [];
    let cited = 0;
    for (const file of citing) {
      for (const { section, quotes } of productCitations(folded(file))) {
        cited += 1;
        const text = sections.get(section);
        if (text === undefined) missing.push(`${file}: docs/product.md §${section}`);
        // A quote may leave out words with "…": its pieces stand in the section in order.
        for (const quote of quotes) {
          const pieces = plain(quote).split(/\s*…\s*/);
          let from = 0;
          for (const piece of pieces) {
            const at = text?.indexOf(piece, from) ?? -1;
            if (at < 0) {
              missing.push(`${file}: docs/product.md §${section} "${quote}"`);
              break;
            }
            from = at + piece.length;
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(300);
  });

  it('reads a chain of product citations with their quotes', () => {
    expect(
      productCitations('(docs/product.md §4 "Token refresh", §9; docs/product.md §2: "a", "b")'),
    ).toEqual([
      { section: '4', quotes: ['Token refresh'] },
      { section: '9', quotes: [] },
      { section: '2', quotes: ['a', 'b'] },
    ]);
  });
});
