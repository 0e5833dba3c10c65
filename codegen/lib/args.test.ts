import { describe, expect, it } from 'vitest';
import { parseFlags } from './args';

const allowed = ['url', 'out'];

describe.each<[string, string[], Record<string, string>]>([
  ['nothing', [], {}],
  ['space separated', ['--url', 'http://x/api/v1'], { url: 'http://x/api/v1' }],
  ['equals', ['--out=tmp'], { out: 'tmp' }],
  ['npm separator', ['--', '--out', 'a'], { out: 'a' }],
  ['last wins', ['--out', 'a', '--out', 'b'], { out: 'b' }],
])('parseFlags: %s', (_name, argv, want) => {
  it('parses', () => expect(Object.fromEntries(parseFlags(argv, allowed))).toEqual(want));
});

describe.each<[string, string[], RegExp]>([
  ['unknown flag', ['--token', 'x'], /unknown flag --token/],
  ['missing value', ['--url'], /--url needs a value/],
  ['flag as value', ['--url', '--out', 'x'], /--url needs a value/],
  ['stray argument', ['schema'], /unexpected argument/],
])('parseFlags rejects: %s', (_name, argv, error) => {
  it('throws', () => expect(() => parseFlags(argv, allowed)).toThrow(error));
});
