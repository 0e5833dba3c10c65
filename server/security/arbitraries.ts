/**
 * fast-check arbitraries of hostile requests, derived from the OpenAPI document: bodies
 * from each operation's request schema (valid-looking values, values at and over the
 * schema's limits, wrong types, nulls, huge and exotic strings, deep nesting, extra
 * fields, raw malformed JSON), list query strings from the operation's parameters and
 * `x-sort-fields` / `x-filter-fields` / `x-range-fields` / `x-search-fields`, and odd
 * headers.
 */
import fc from 'fast-check';
import { resolve, type JsonSchema, type OpenApiDocument, type Operation } from './harness';

/**
 * The most sort keys a fuzzed list request carries. The list-query limits (how many sort
 * keys the server accepts) are another change's; past this the fuzz would only measure
 * how slow an unbounded ORDER BY is.
 */
export const MAX_SORT_KEYS = 50;

/** Strings that have broken parsers elsewhere: edges of encodings, numbers and dates. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  '0x10',
  '9'.repeat(40),
  '-9223372036854775809',
  '1.7976931348623157e309',
  '2025-02-30',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13',
  '2025-13-01T25:61:61Z',
  '2025-01-01T00:00:00+99:99',
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '%00',
  '"',
  '{}',
  '[]',
  '🔥',
  'Dvořák',
  'e\u0301',
  '\u202e',
  '\ud800',
  '\uffff',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'a@b',
  '@',
  '1,2,3',
  'a=b=c',
  'x'.repeat(300),
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);

/** Any string: exotic characters, the nasty ones, and now and then a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: nastyString, weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'ř', '🔥', '%', ','), fc.integer({ min: 1_000, max: 100_000 }))
      .map(([unit, times]) => unit.repeat(times)),
    weight: 1,
  },
);

/** Numbers at and beyond every edge JSON can carry. */
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * A value nested up to 500 levels deep in arrays or objects (deeper ones travel as raw
 * text, {@link rawBody}: JSON.stringify and fast-check's reporting recurse).
 */
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 500 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level += 1) value = arrays ? [value] : { a: value };
    return value;
  });

/** A value of the wrong kind for anything: null, other JSON types, deep nesting. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 3 }),
  deepNesting,
);

/** Values `schema` could accept, and ones just over its limits. */
function plausible(
  document: OpenApiDocument,
  raw: JsonSchema,
  depth: number,
): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  if (schema.enum) {
    return fc.oneof(
      fc.constantFrom(...schema.enum),
      hostileString.map((text) => text.slice(0, 20)),
    );
  }
  const variants = [schema.allOf, schema.oneOf, schema.anyOf].find((list) => list?.length);
  if (variants) return fc.oneof(...variants.map((variant) => plausible(document, variant, depth)));
  switch (schema.type) {
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes'));
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum]
        .filter((edge): edge is number => edge !== undefined)
        .flatMap((edge) => [edge - 1, edge, edge + 1]);
      return fc.oneof(
        fc.integer({ min: -5, max: 200 }),
        hostileNumber,
        ...(edges.length ? [fc.constantFrom(...edges)] : []),
        fc.integer({ min: -5, max: 200 }).map(String),
      );
    }
    case 'string': {
      const limit = schema.maxLength;
      return fc.oneof(
        { arbitrary: stringOfFormat(schema), weight: 3 },
        { arbitrary: hostileString, weight: 2 },
        ...(limit !== undefined
          ? [
              {
                arbitrary: fc.constantFrom(
                  'x'.repeat(limit),
                  'x'.repeat(limit + 1),
                  'ř'.repeat(limit + 1),
                ),
                weight: 1,
              },
            ]
          : []),
        ...(schema.minLength
          ? [{ arbitrary: fc.constant('x'.repeat(schema.minLength - 1)), weight: 1 }]
          : []),
      );
    }
    case 'array': {
      const item = schema.items ? plausible(document, schema.items, depth + 1) : wrongValue;
      return fc.oneof(
        fc.array(item, { maxLength: depth > 0 ? 3 : 6 }),
        item.map((value) => Array.from({ length: 50 }, () => value)),
      );
    }
    case 'object':
    default:
      if (!schema.properties || depth > 2) return wrongValue;
      return objectOf(document, schema, depth);
  }
}

/** Strings shaped like `schema.format` (dates, e-mails, decimals), right and wrong. */
function stringOfFormat(schema: JsonSchema): fc.Arbitrary<string> {
  const limit = schema.maxLength ?? 60;
  switch (schema.format) {
    case 'date':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom('2025-02-29', '2024-02-29', '1-01-01', '2025-1-1', '20250101'),
      );
    case 'date-time':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc.constantFrom('2025-01-01T00:00:00', '2025-01-01 00:00:00+01:00', 'T'),
      );
    case 'email':
      return fc.oneof(
        fc.emailAddress(),
        fc.constantFrom('a@b.c', 'no-at-sign', 'a@@b.cz', `${'a'.repeat(250)}@b.cz`),
      );
    case 'decimal':
      return fc.oneof(
        fc
          .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
          .map((value) => value.toFixed(2)),
        fc.constantFrom('1e5', '1,5', '.5', '5.', '00001.00', '1.005', '-0.00', '9'.repeat(30)),
      );
    default:
      return fc.string({ maxLength: Math.min(limit, 60) });
  }
}

/** An object of some of `schema`'s properties, sometimes with extra ones. */
function objectOf(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [
      name,
      fc.oneof(
        { arbitrary: plausible(document, property, depth + 1), weight: 4 },
        { arbitrary: wrongValue, weight: 1 },
      ),
    ]),
  );
  const required = (schema.required ?? []).filter(
    (name) => name in properties && !resolve(document, schema.properties![name]!).readOnly,
  );
  return fc
    .tuple(
      // Mostly with every required field, so that a body gets past "This field is required."
      fc.oneof(
        { arbitrary: fc.record(properties, { requiredKeys: required }), weight: 3 },
        { arbitrary: fc.record(properties, { requiredKeys: [] }), weight: 1 },
      ),
      rarely(
        fc.dictionary(
          hostileString.map((key) => key.slice(0, 50)),
          wrongValue,
          { maxKeys: 3 },
        ),
        4,
      ),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
}

/** Request body text that is not the JSON it claims to be, or JSON of an odd shape. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    '1e999',
    '"just a string"',
    'null',
    'true',
    '[]',
    '{"__proto__":{"is_superuser":true},"constructor":{"prototype":{"x":1}}}',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((depth) => '['.repeat(depth)),
  fc
    .integer({ min: 1_000, max: 50_000 })
    .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** A request body for `operation`: schema-derived JSON (mostly), raw text, or none. */
export function bodyArbitrary(
  document: OpenApiDocument,
  operation: Operation,
): fc.Arbitrary<string | undefined> {
  const schema = operation.bodySchema;
  if (!schema) {
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: rawBody, weight: 1 },
    );
  }
  const resolved = resolve(document, schema);
  const item =
    resolved.type === 'array' && resolved.items ? resolve(document, resolved.items) : resolved;
  const names = Object.keys(item.properties ?? {});
  // Numbers JSON.stringify cannot write: 1e999 parses to Infinity, 1e-400 to 0, and so on.
  const rawNumbers = fc
    .tuple(
      names.length ? fc.constantFrom(...names) : fc.constant('x'),
      fc.constantFrom(
        '1e999',
        '-1e999',
        '1e-400',
        '123456789012345678901234567890',
        '-0',
        '[1e999]',
      ),
    )
    .map(([name, number]) => {
      const object = `{${JSON.stringify(name)}:${number}}`;
      return resolved.type === 'array' ? `[${object}]` : object;
    });
  return fc.oneof(
    { arbitrary: plausible(document, schema, 0).map((value) => JSON.stringify(value)), weight: 6 },
    { arbitrary: rawNumbers, weight: 1 },
    { arbitrary: wrongValue.map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: rawBody, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** `key=value` pairs joined by commas, docs/api.md's filter / lte / gte syntax, hostile. */
function pairs(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fields.length ? fc.constantFrom(...fields) : hostileString, weight: 4 },
    { arbitrary: hostileString.map((text) => text.slice(0, 40)), weight: 1 },
  );
  const value = fc.oneof(
    fc.constantFrom('true', 'false', '1', '0', '-1', '2025-01-01', '1.50', ''),
    hostileString.map((text) => text.slice(0, 500)),
  );
  return fc
    .array(
      fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
      { minLength: 1, maxLength: 6 },
    )
    .map((list) => list.join(','));
}

/** The sort parameter: known, descending, duplicate and unknown keys, up to 50. */
function sortArbitrary(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('id'), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '-',
        '--id',
        '+id',
        ' id',
        'id ',
        '',
        'ID',
        'password',
        'password_hash',
      ),
      weight: 1,
    },
    { arbitrary: hostileString.map((text) => text.slice(0, 40)), weight: 1 },
  );
  return fc
    .array(
      fc.tuple(fc.boolean(), key).map(([descending, name]) => `${descending ? '-' : ''}${name}`),
      { minLength: 1, maxLength: MAX_SORT_KEYS },
    )
    .map((keys) => keys.join(','));
}

/** A small integer as text, or a hostile one. */
const numberText = fc.oneof(
  fc.integer({ min: -2, max: 30 }).map(String),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '9999',
    '10000',
    'all',
    '1e3',
    '1.5',
    ' 2',
    '0x10',
    '9'.repeat(30),
    'NaN',
  ),
  hostileString.map((text) => text.slice(0, 30)),
);

/**
 * A query string for `operation` (without `?`): for lists, any of the list parameters
 * with hostile values, repeated now and then (`page=1&page=2` parses as an array); for the
 * rest, a few random parameters. Sometimes with a raw, badly percent-encoded tail.
 */
export function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const source = operation.source;
  const declared = new Set((source.parameters ?? []).map((parameter) => parameter.name));
  const list = operation.method === 'GET' && declared.has('page');
  const candidates: [string, fc.Arbitrary<string>][] = list
    ? [
        ['page', numberText],
        ['page_size', numberText],
        ['sort', sortArbitrary(source['x-sort-fields'] ?? [])],
        ['filter', pairs(source['x-filter-fields'] ?? [])],
        ['lte', pairs(source['x-range-fields'] ?? [])],
        ['gte', pairs(source['x-range-fields'] ?? [])],
        ['search', hostileString.map((text) => text.slice(0, 2_000))],
        ['page_after_id', numberText],
        ['direction', fc.oneof(fc.constantFrom('next', 'prev'), hostileString)],
        ...[...declared]
          .filter(
            (name) =>
              ![
                'page',
                'page_size',
                'sort',
                'filter',
                'lte',
                'gte',
                'search',
                'page_after_id',
                'direction',
              ].includes(name),
          )
          .map((name): [string, fc.Arbitrary<string>] => [
            name,
            fc.oneof(
              fc.constantFrom('true', 'false', 'CUSTOMERS,USERS', 'superuser'),
              hostileString,
            ),
          ]),
      ]
    : [];
  const extra: fc.Arbitrary<[string, string]> = fc.tuple(
    hostileString.map((text) => text.slice(0, 30)),
    hostileString.map((text) => text.slice(0, 100)),
  );
  return fc
    .tuple(
      fc
        .subarray(candidates)
        .chain((chosen) =>
          chosen.length
            ? fc.tuple(
                ...chosen.map(([name, value]) =>
                  value.map((text): [string, string] => [name, text]),
                ),
              )
            : fc.constant([] as [string, string][]),
        ),
      fc.array(extra, { maxLength: 2 }),
      fc.boolean(),
      rarely(
        fc.constantFrom(
          '%',
          '%E0%A4%A',
          '%C0%80',
          '%FF',
          'a[b]=c',
          'a[__proto__][x]=1',
          '&&&',
          '=x',
        ),
        6,
      ),
    )
    .map(([params, extras, repeat, raw]) => {
      const search = new URLSearchParams();
      for (const [name, value] of [...params, ...extras]) {
        search.append(name, value);
        if (repeat) search.append(name, value);
      }
      // Node answers 431 past 16 kB of request head: stay below, cutting wherever it falls.
      const text = search.toString().slice(0, 8_000);
      return raw ? (text ? `${text}&${raw}` : raw) : text;
    });
}

/** `value` once in `every` draws, else null. */
function rarely<T>(value: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: every - 1 },
    { arbitrary: value, weight: 1 },
  );
}

/** Header values fetch can send: Latin-1 without control characters. */
const headerText = fc
  .string({ unit: 'binary', maxLength: 60 })
  .map((text) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, ''));

/**
 * Odd `Accept-Language`, `Content-Type` and `If-Match` headers, each only now and then:
 * a wrong content type (415) or a stale `If-Match` (412) ends a request before the code
 * that the bodies are meant to reach.
 */
export const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'accept-language': rarely(
      fc.oneof(
        fc.constantFrom(
          'cs',
          'en',
          'cs-CZ',
          '*',
          'de',
          'en;q=0',
          'cs;q=abc, en;q=2',
          'x'.repeat(5_000),
          ',,,',
          ';',
        ),
        headerText,
      ),
      2,
    ),
    'content-type': rarely(
      fc.oneof(
        fc.constantFrom(
          'application/json; charset=utf-8',
          'application/json; charset=latin1',
          'APPLICATION/JSON',
          'application/json;;',
          'application/merge-patch+json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
        ),
        headerText,
      ),
      8,
    ),
    'if-match': rarely(fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '', ','), headerText), 10),
  })
  .map(
    (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== null)) as Record<
        string,
        string
      >,
  );
