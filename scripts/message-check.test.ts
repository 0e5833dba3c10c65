import { describe, expect, it } from 'vitest';
import {
  checkCataloguePair,
  checkMessages,
  extractMessageIds,
  type CataloguePair,
} from './message-check';

const files = { cs: 'locales/cs.json', en: 'locales/en.json' } as const;
const pair = (cs: Record<string, string>, en: Record<string, string>): CataloguePair => ({
  name: 'locales/*.json',
  files,
  cs,
  en,
});

describe('extractMessageIds', () => {
  it.each<[string, { given: string; want: string[] }]>([
    ['formatMessage', { given: "intl.formatMessage({ id: 'app.a.b' })", want: ['app.a.b'] }],
    ['double quotes', { given: 'formatMessage({ id: "app.a.c" }, { n })', want: ['app.a.c'] }],
    ['FormattedMessage', { given: '<FormattedMessage id="app.x.y" />', want: ['app.x.y'] }],
    [
      'FormattedMessage with braces and other props first',
      { given: "<FormattedMessage values={{ n: 1 }} id={'save'} />", want: ['save'] },
    ],
    [
      'defineMessages',
      {
        given: "defineMessages({ a: { id: 'app.m.one' }, b: {\n  id: 'app.m.two',\n} })",
        want: ['app.m.one', 'app.m.two'],
      },
    ],
    [
      'literals in our key scheme',
      {
        given: "handle('app.login.title'); const t = 'resource.x.title';",
        want: ['app.login.title', 'resource.x.title'],
      },
    ],
    [
      'template literals are skipped',
      { given: 'formatMessage({ id: `resource.${n}.title` })', want: [] },
    ],
    [
      'ids without a dot in `id:` are not messages (route ids)',
      { given: "{ id: 'root', path: 'login', id: 'login' }", want: [] },
    ],
    ['HTML ids are not messages', { given: '<main id="joule-main">', want: [] }],
    ['file names are not messages', { given: "import './app/app.css'; 'app.css'", want: [] }],
    ['one literal counted once', { given: "{ id: 'app.a.b' }", want: ['app.a.b'] }],
  ])('%s', (_name, { given, want }) => {
    expect(extractMessageIds(given).map((use) => use.id)).toEqual(want);
  });

  it('gives file and line', () => {
    expect(extractMessageIds("a\nb\n  { id: 'app.q.r' }", 'src/x.tsx')).toEqual([
      { id: 'app.q.r', file: 'src/x.tsx', line: 3 },
    ]);
  });
});

describe('checkCataloguePair', () => {
  it.each<[string, { cs: Record<string, string>; en: Record<string, string>; want: string[] }]>([
    ['same ids', { cs: { a: 'A', b: 'B' }, en: { b: 'B', a: 'A' }, want: [] }],
    [
      'only in Czech',
      {
        cs: { a: 'A', b: 'B' },
        en: { a: 'A' },
        want: ['locales/en.json lacks "b" (present in locales/cs.json)'],
      },
    ],
    [
      'only in English',
      {
        cs: {},
        en: { z: 'Z' },
        want: ['locales/cs.json lacks "z" (present in locales/en.json)'],
      },
    ],
  ])('%s', (_name, { cs, en, want }) => {
    expect(checkCataloguePair(pair(cs, en))).toEqual(want);
  });
});

describe('checkMessages', () => {
  const written = pair({ 'app.a.b': 'Á' }, { 'app.a.b': 'A' });
  const generated: CataloguePair = {
    name: 'locales/generated/*.json',
    files: { cs: 'locales/generated/cs.json', en: 'locales/generated/en.json' },
    cs: { 'resource.x.title': 'X' },
    en: { 'resource.x.title': 'X', 'resource.x.field.y.label': 'Y' },
  };

  it.each<[string, { source: string; want: string[] }]>([
    [
      'all known, in either catalogue',
      { source: "{ id: 'app.a.b' }; 'resource.x.title'", want: [] },
    ],
    [
      'an unknown id',
      {
        source: '\n<FormattedMessage id="app.a.missing" />',
        want: ['src/a.tsx:2 uses "app.a.missing", which no catalogue has'],
      },
    ],
  ])('%s', (_name, { source, want }) => {
    const problems = checkMessages([written, generated], [{ file: 'src/a.tsx', text: source }]);
    expect(problems).toEqual([
      'locales/generated/cs.json lacks "resource.x.field.y.label" (present in locales/generated/en.json)',
      ...want,
    ]);
  });
});
