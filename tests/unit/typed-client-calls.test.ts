/**
 * Calls to a fixed path of the API go through the typed client (docs/architecture.md
 * "Conventions"): `unwrap(api.GET('/auth/me/views/{id}/', …))`, never `request('GET',
 * '/auth/me/views/7/')`. The test fails when a file of `src/` or `overrides/` (not
 * `src/generated`, not a test or its `test-support/`) passes a path of the API's document
 * to a call other than a typed client's method (`api.GET`, `apiClient.POST`, …): as a
 * string, as a template whose text is one (`/auth/me/views/${id}/`, also after a base URL:
 * `${base}/auth/me/`), or as a constant of the file holding one. The generic runtime's calls
 * whose path a descriptor gives (`${descriptor.path}bulk/${action}/`, `itemPath(…)`) are
 * not fixed paths and stay allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Where the document's paths start (drf-spectacular keeps the prefix; src/api/client.ts). */
const SCHEMA_PREFIX = '/api/v1';

/** The methods of an `openapi-fetch` client. */
const TYPED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * Files that may call a fixed path without the typed client, each with its reason. Keep it
 * short: a new entry needs one as good.
 */
const ALLOWED = new Map([
  [
    // Inlined into index.html's head before any module loads: it must stand alone, without
    // imports (its own header); the app's typed client takes its answer.
    'src/boot/early-start.ts',
    'sends the session check (`/auth/me/`) before the app is here',
  ],
]);

const SOURCE_DIRS = ['src', 'overrides'];
const NOT_CHECKED = /^src\/generated\/|(^|\/)test-support\/|\.(test|spec)\.tsx?$/;

/** The TypeScript files of `src/` and `overrides/` but generated code and tests. */
function sources(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name).split(sep).join('/'))
      .filter((file) => !NOT_CHECKED.test(file)),
  );
}

/** The document's paths relative to the API base, as patterns (`{id}`: one segment). */
function apiPaths(): RegExp[] {
  const document = JSON.parse(readFileSync('schema/openapi.json', 'utf8')) as {
    paths: Record<string, unknown>;
  };
  return Object.keys(document.paths).map((path) => {
    const relative = path.startsWith(SCHEMA_PREFIX) ? path.slice(SCHEMA_PREFIX.length) : path;
    const pattern = relative
      .split(/\{[^{}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return new RegExp(`^${pattern}$`);
  });
}

/**
 * The text `node` stands for, a substitution written `1`, a leading one (a base URL)
 * left out; a constant of the file by its value; null for anything else.
 */
function pathText(node: ts.Expression, constants: ReadonlyMap<string, string>): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isIdentifier(node)) return constants.get(node.text) ?? null;
  if (!ts.isTemplateExpression(node)) return null;
  const spans = node.templateSpans.map((span, index) =>
    index === 0 && node.head.text === '' ? span.literal.text : `1${span.literal.text}`,
  );
  return node.head.text + spans.join('');
}

/** The calls of `text` passing a path of the API to anything but a typed client's method. */
export function untypedCalls(file: string, text: string, paths: readonly RegExp[]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, string>();
  const collect = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    )
      constants.set(node.name.text, node.initializer.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const typed =
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      TYPED_METHODS.has(node.expression.name.text);
    if (ts.isCallExpression(node) && !typed) {
      for (const argument of node.arguments) {
        const path = pathText(argument, constants)?.split('?')[0];
        if (path?.startsWith('/') && paths.some((pattern) => pattern.test(path))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1}: ${node.expression.getText(source)}(… ${path} …)`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('calls of src/ and overrides/ to the API', () => {
  const paths = apiPaths();

  it('go to a fixed path only through the typed client', () => {
    const untyped = sources()
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => untypedCalls(file, readFileSync(file, 'utf8'), paths));
    expect(untyped).toEqual([]);
  });

  it('allow only files that exist and still need it', () => {
    for (const file of ALLOWED.keys())
      expect(untypedCalls(file, readFileSync(file, 'utf8'), paths)).not.toEqual([]);
  });

  it('the check finds a fixed path, and lets typed and descriptor-driven calls be', () => {
    const found = (text: string) => untypedCalls('probe.ts', text, paths).length;
    // As src/resources/list/saved-views.ts and column-settings.ts called them.
    expect(found("request<SavedView[]>('GET', '/auth/me/views/', { signal });")).toBe(1);
    expect(found("request<SavedView>('GET', `/auth/me/views/${id}/`);")).toBe(1);
    expect(
      found(`const PREFERENCES_PATH = '/auth/me/preferences/';
        request('PUT', PREFERENCES_PATH, { body: next });`),
    ).toBe(1);
    expect(found("request('GET', '/roles/titles/', { query: { page_size: 100 } });")).toBe(1);
    expect(found('fetch(`${base}/auth/me/`);')).toBe(1);
    expect(
      found(`unwrap(api.GET('/auth/me/views/{id}/', { params: { path: { id } } }));
        request('POST', \`\${descriptor.path}bulk/\${action}/\`, { body });
        request('DELETE', itemPath(descriptor, id));
        request('GET', titlesPath(descriptor), { query });
        navigate('/settings');`),
    ).toBe(0);
  });
});
