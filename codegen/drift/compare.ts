/**
 * Byte-for-byte comparison of what should be committed with what is (docs/architecture.md
 * "Real components": generated files), and a summary people can act on.
 */
import type { FileMap } from '../lib/files';

/** One file that differs. */
export type Difference =
  | { readonly kind: 'missing'; readonly path: string }
  | { readonly kind: 'extra'; readonly path: string }
  | {
      readonly kind: 'changed';
      readonly path: string;
      /** 1-based line of the first difference. */
      readonly line: number;
      readonly expected: string | undefined;
      readonly actual: string | undefined;
    };

/**
 * Differences between `expected` (freshly made) and `actual` (committed), sorted by path:
 * `missing` = not committed, `extra` = committed but no longer made, `changed` = other bytes.
 */
export function compareFileMaps(expected: FileMap, actual: FileMap): Difference[] {
  const paths = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const out: Difference[] = [];
  for (const path of paths) {
    const want = expected.get(path);
    const have = actual.get(path);
    if (want === have) continue;
    if (have === undefined) out.push({ kind: 'missing', path });
    else if (want === undefined) out.push({ kind: 'extra', path });
    else out.push({ kind: 'changed', path, ...firstDifferentLine(want, have) });
  }
  return out;
}

/** Human summary of differences under `dir`, one or three lines per file. */
export function formatDifferences(dir: string, differences: readonly Difference[]): string[] {
  return differences.flatMap((d) => {
    const path = `${dir}/${d.path}`;
    switch (d.kind) {
      case 'missing':
        return [`  ${path}: not committed (should exist)`];
      case 'extra':
        return [`  ${path}: committed but no longer generated`];
      case 'changed':
        return [
          `  ${path}: differs from line ${d.line}`,
          `    expected: ${shorten(d.expected)}`,
          `    actual:   ${shorten(d.actual)}`,
        ];
    }
  });
}

function firstDifferentLine(
  expected: string,
  actual: string,
): { line: number; expected: string | undefined; actual: string | undefined } {
  const want = expected.split('\n');
  const have = actual.split('\n');
  let i = 0;
  while (i < want.length && i < have.length && want[i] === have[i]) i++;
  return { line: i + 1, expected: want[i], actual: have[i] };
}

function shorten(line: string | undefined): string {
  if (line === undefined) return '(end of file)';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
