/**
 * The message check run by `npm test` (`npm run check:messages`), as pure functions:
 *
 * - every catalogue pair (`locales/cs.json` + `locales/en.json`, and the generated pair)
 *   has the same ids in both languages;
 * - every message id the source names literally is in one of the catalogues.
 *
 * Ids named literally: `id: '…'` (object literals: `formatMessage({ id: '…' })`,
 * `defineMessages`, message descriptors), `<FormattedMessage id="…"`, and any string
 * literal shaped like a key of our scheme (`'app.<area>.<text>'`, `'resource.<name>.…'`,
 * docs/architecture.md "Conventions": messages), e.g. a route's title or a menu label. An `id:` value counts only
 * when it looks like a message id (dotted: `a.b`), so `{ id: 'root' }` of a route is not
 * one. Template literals are skipped: ids built at runtime from descriptors
 * (`resource.<name>…`) come from the generated catalogues by construction.
 */

/** One catalogue: message id → text. */
export type Catalogue = Readonly<Record<string, string>>;

/** The same catalogue in both languages. */
export interface CataloguePair {
  /** Label used in problems, e.g. `locales/generated/*.json`. */
  readonly name: string;
  readonly files: Readonly<Record<'cs' | 'en', string>>;
  readonly cs: Catalogue;
  readonly en: Catalogue;
}

/** An id named in a source file. */
export interface UsedId {
  readonly id: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
}

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

/** A dotted id: `app.settings.title`, `resource.customers.field.crn.label`. */
const MESSAGE_ID = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;

const patterns: readonly { regex: RegExp; dottedOnly: boolean }[] = [
  // `id: 'app.x'`, `id: "app.x"` in object literals.
  { regex: /\bid\s*:\s*(['"])([^'"\\\n]+)\1/g, dottedOnly: true },
  // `<FormattedMessage id="app.x"` and `id={'app.x'}`.
  {
    regex: /<FormattedMessage\b[^>]*?\bid\s*=\s*\{?\s*(['"])([^'"\\\n]+)\1/g,
    dottedOnly: false,
  },
  // Any literal in our key scheme.
  { regex: /(['"])((?:app|resource)\.[A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g, dottedOnly: true },
];

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** The message ids a source text names literally, in order, each place once. */
export function extractMessageIds(text: string, file = ''): UsedId[] {
  const found = new Map<string, UsedId>();
  for (const { regex, dottedOnly } of patterns) {
    for (const match of text.matchAll(regex)) {
      const id = match[2];
      if (!id || (dottedOnly && !MESSAGE_ID.test(id))) continue;
      // The id's own position, so two patterns matching the same literal count once.
      const at = (match.index ?? 0) + match[0].lastIndexOf(id);
      if (!found.has(`${at}`)) found.set(`${at}`, { id, file, line: lineAt(text, at) });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id));
}

/** Ids present in one language of a pair and missing in the other. */
export function checkCataloguePair(pair: CataloguePair): string[] {
  const problems: string[] = [];
  const missing = (from: 'cs' | 'en', to: 'cs' | 'en') => {
    for (const id of Object.keys(pair[from]).sort()) {
      if (!Object.hasOwn(pair[to], id))
        problems.push(`${pair.files[to]} lacks "${id}" (present in ${pair.files[from]})`);
    }
  };
  missing('cs', 'en');
  missing('en', 'cs');
  return problems;
}

/** Used ids that no catalogue of any language has. */
export function checkUsedIds(used: readonly UsedId[], pairs: readonly CataloguePair[]): string[] {
  const known = new Set<string>();
  for (const pair of pairs) {
    for (const id of Object.keys(pair.cs)) known.add(id);
    for (const id of Object.keys(pair.en)) known.add(id);
  }
  return used
    .filter((use) => !known.has(use.id))
    .map((use) => `${use.file}:${use.line} uses "${use.id}", which no catalogue has`);
}

/** Every problem of the catalogues and the sources; empty when all is well. */
export function checkMessages(
  pairs: readonly CataloguePair[],
  sources: readonly SourceFile[],
): string[] {
  const used = sources.flatMap((source) => extractMessageIds(source.text, source.file));
  return [...pairs.flatMap(checkCataloguePair), ...checkUsedIds(used, pairs)];
}
