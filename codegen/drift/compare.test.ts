import { describe, expect, it } from 'vitest';
import { compareFileMaps, formatDifferences, type Difference } from './compare';

const m = (o: Record<string, string>) => new Map(Object.entries(o));

describe.each<
  [string, { expected: Record<string, string>; actual: Record<string, string>; want: Difference[] }]
>([
  ['equal', { expected: { 'a.json': 'x\n' }, actual: { 'a.json': 'x\n' }, want: [] }],
  [
    'missing',
    { expected: { 'a.json': 'x' }, actual: {}, want: [{ kind: 'missing', path: 'a.json' }] },
  ],
  ['extra', { expected: {}, actual: { 'b.json': 'x' }, want: [{ kind: 'extra', path: 'b.json' }] }],
  [
    'changed line',
    {
      expected: { 'a.ts': 'one\ntwo\nthree' },
      actual: { 'a.ts': 'one\nTWO\nthree' },
      want: [{ kind: 'changed', path: 'a.ts', line: 2, expected: 'two', actual: 'TWO' }],
    },
  ],
  [
    'only a trailing newline differs',
    {
      expected: { 'a.ts': 'one\n' },
      actual: { 'a.ts': 'one' },
      want: [{ kind: 'changed', path: 'a.ts', line: 2, expected: '', actual: undefined }],
    },
  ],
])('compareFileMaps: %s', (_name, { expected, actual, want }) => {
  it('reports differences', () => expect(compareFileMaps(m(expected), m(actual))).toEqual(want));
});

describe('formatDifferences', () => {
  it('names the file and the first differing line', () => {
    const lines = formatDifferences('schema', [
      { kind: 'missing', path: 'options/en/a.json' },
      { kind: 'extra', path: 'old.json' },
      {
        kind: 'changed',
        path: 'openapi.json',
        line: 7,
        expected: 'x'.repeat(200),
        actual: undefined,
      },
    ]);
    expect(lines).toEqual([
      '  schema/options/en/a.json: not committed (should exist)',
      '  schema/old.json: committed but no longer generated',
      '  schema/openapi.json: differs from line 7',
      `    expected: ${'x'.repeat(117)}...`,
      '    actual:   (end of file)',
    ]);
  });
});
