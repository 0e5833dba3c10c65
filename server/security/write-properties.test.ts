/**
 * Properties of successful writes (docs/security.md "The security suite"), over HTTP against
 * the real API, as the superuser:
 *
 * - **A write changes only the fields it was given**: for every resource with PATCH, valid
 *   partial bodies made from the resource's own request schema (the OpenAPI document built
 *   from its field declarations: types, choices, references, lengths, decimal scales; or
 *   fields of another of its rows together), sent to a row of its own; when the server takes
 *   one (200), the answer is the row as read back, each given field reads as given, and
 *   every field not in the body reads as before, except a reference's embedded title and
 *   the few {@link DERIVED} fields a given field derives.
 * - **Money is positive and bounded** (docs/billing.md "Payments": "Amounts are positive and
 *   bounded"): a payment of zero or less, or above the configured ceiling
 *   (`JOULE_PAYMENT_MAX`, set low here to show it is the configured one that counts), is
 *   refused on create and on change with a 400 on `amount` in docs/api.md's shape, and
 *   nothing is written; an amount within the bounds is taken as sent. A bank statement's
 *   credit out of bounds is refused and stores no incoming payment.
 *
 * A few runs per resource (fixed seed; `JOULE_FUZZ_RUNS`, `JOULE_FUZZ_SEED` override), well
 * under a minute.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamt053 } from '../billing';
import { PAYMENT_MAX_VARIABLE } from '../billing/payments/limits';
import { startTestServer, type TestServer } from '../test-support/server';
import {
  API_PREFIX,
  DOCUMENT,
  adminSession,
  errorShapeProblem,
  makeTarget,
  resolve,
  snapshot,
  type JsonSchema,
} from './harness';

/** Runs per resource (`JOULE_FUZZ_RUNS` overrides): each resource takes a few of its bodies. */
const RUNS = Number(process.env.JOULE_FUZZ_RUNS ?? 12);
const SEED = Number(process.env.JOULE_FUZZ_SEED ?? 20_251_128);

/** The ceiling configured for this file (docs/billing.md "Payments"), lower than the default. */
const CEILING = '250000.00';

/**
 * Fields a write may change without being given them: per resource, per derived field, the
 * given fields it follows from. Keep it small; each entry says why.
 */
const DERIVED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  measurements: {
    // A change of a reading's time or registers judges it again (docs/billing.md
    // "Readings to check"): the flag may rise.
    to_check: ['timestamp_received', 'obis_181', 'obis_182', 'obis_280', 'tariff_device'],
  },
};

/** Fields the test leaves alone, each with why. */
const NOT_SENT: Readonly<Record<string, readonly string[]>> = {
  // A password travels only in (write-only: nothing to read back), and setting one signs the
  // user out everywhere: docs/security.md "Tokens".
  users: ['password'],
};

/** Resources with PATCH but nothing writable through it (read-only declarations). */
const NOTHING_WRITABLE = new Set(['incoming-payments']);

/**
 * Resources whose rows never change through PATCH: every valid-looking body is refused and
 * changes nothing. A billing run is cancelled, never edited (docs/billing.md "Billing runs").
 */
const REFUSES_EVERY_PATCH = new Set(['billing-runs']);

/**
 * Rows made for the property where a copy of the first row would not do: a reading of a
 * meter of its own, alone, so that its registers and time may take any past value (the
 * first reading of the list may be one a billing fixture dated in the future, and a
 * reading's neighbours bound its registers: docs/billing.md "The calculation").
 */
const OWN_TARGET: Readonly<Record<string, () => Promise<number>>> = {
  measurements: async () => {
    const device = await api('/tariffdevices/', 'POST', {
      serial_number: 'PROPS-ALONE',
      name: 'Props meter',
    });
    expect(device.status).toBe(201);
    const reading = await api('/measurements/', 'POST', {
      tariff_device: device.body.id,
      timestamp_received: '2024-06-01T10:00:00Z',
      obis_181: '100.000',
      obis_182: '50.000',
      obis_280: '0.000',
    });
    expect(reading.status).toBe(201);
    return reading.body.id;
  },
};

/** The admin sees every row; the property's reads and writes are the admin's. */
let server: TestServer;
let token: string;
/** Per resource, a row of its own to change. */
const targets = new Map<string, number>();
/** Per resource, rows the admin sees (page of 50): a pool of values known to be valid. */
const samples = new Map<string, Record<string, unknown>[]>();

/** The resources with a PATCH of a row, and that PATCH's body schema. */
const PATCHABLE: [string, JsonSchema][] = Object.entries(DOCUMENT.paths).flatMap(([path, ops]) => {
  const match = new RegExp(`^${API_PREFIX}/([a-z-]+)/\\{id\\}/$`).exec(path);
  const body = ops.patch?.requestBody?.content?.['application/json']?.schema;
  if (!match || !body || !ops.patch?.operationId.endsWith('_partial_update')) return [];
  return [[match[1]!, resolve(DOCUMENT, body)] as [string, JsonSchema]];
});

const api = (path: string, method = 'GET', body?: unknown) =>
  server.request(path, { method, token, body });

async function rowsOf(resource: string): Promise<Record<string, unknown>[]> {
  const known = samples.get(resource);
  if (known) return known;
  const list = await api(`/${resource}/?page_size=50`);
  const rows = list.status === 200 ? (list.body.results as Record<string, unknown>[]) : [];
  samples.set(resource, rows);
  return rows;
}

beforeAll(async () => {
  process.env[PAYMENT_MAX_VARIABLE] = CEILING;
  server = await startTestServer({ accessLifetime: 3600, logger: false });
  token = (await adminSession(server)).token;
  for (const [resource, schema] of PATCHABLE) {
    if (NOTHING_WRITABLE.has(resource)) continue;
    const own = OWN_TARGET[resource];
    targets.set(
      resource,
      own ? await own() : await makeTarget(server, DOCUMENT, token, resource, 'props'),
    );
    await rowsOf(resource);
    for (const property of Object.values(schema.properties ?? {})) {
      const reference = resolve(DOCUMENT, property)['x-reference'];
      if (reference) await rowsOf(reference);
    }
  }
}, 120_000);

afterAll(async () => {
  delete process.env[PAYMENT_MAX_VARIABLE];
  await server?.close();
});

/** The decimal scale of a `format: decimal` pattern, e.g. `^-?\d{0,10}(?:\.\d{0,2})?$` → [10, 2]. */
function decimalScale(pattern = ''): [number, number] {
  const found = /\\d\{0,(\d+)\}\(\?:\\\.\\d\{0,(\d+)\}/.exec(pattern);
  return found ? [Number(found[1]), Number(found[2])] : [6, 2];
}

const isoDate = (from: string, to: string) =>
  fc
    .date({
      min: new Date(`${from}T00:00:00Z`),
      max: new Date(`${to}T00:00:00Z`),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

/** A value `schema` takes: a fresh one of its type, or one a row of the resource holds. */
function validValue(resource: string, name: string, raw: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolve(DOCUMENT, raw);
  const held = (samples.get(resource) ?? [])
    .map((row) => row[name])
    .filter((value) => value !== undefined);
  const fresh = freshValue(name, schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (fresh) options.push(fresh);
  if (held.length > 0) options.push(fc.constantFrom(...held));
  if (schema.nullable) options.push(fc.constant(null));
  return options.length > 0 ? fc.oneof(...options) : fc.constant(undefined);
}

function freshValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((value) => value !== null));
  const reference = schema['x-reference'];
  if (reference) {
    const ids = (samples.get(reference) ?? []).map((row) => row.id);
    return ids.length > 0 ? fc.constantFrom(...ids) : undefined;
  }
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 100) });
    case 'string': {
      if (schema.format === 'date') return isoDate('2020-01-01', '2026-06-30');
      if (schema.format === 'date-time')
        return isoDate('2020-01-01', '2025-12-31').map((day) => `${day}T10:00:00Z`);
      if (schema.format === 'email')
        return fc.integer({ min: 1, max: 1e6 }).map((n) => `props-${name}-${n}@example.cz`);
      if (schema.format === 'decimal') {
        const [whole, places] = decimalScale(schema.pattern);
        const top = 10 ** Math.min(whole, 6);
        return fc
          .integer({ min: 0, max: top * 10 ** places - 1 })
          .map((units) => (units / 10 ** places).toFixed(places));
      }
      if (schema.pattern) return undefined;
      const max = Math.min(schema.maxLength ?? 40, 40);
      return fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzáčřž ABCDEFGHXYZ0123456789'),
        minLength: 1,
        maxLength: max,
      });
    }
    default:
      return undefined;
  }
}

/**
 * Partial bodies for `resource`: one to three of its writable fields, each with a valid
 * value; or one to five fields of another of its rows, taken together (values that go
 * together: a company's type with its name and IČO, a validity's start with its end).
 */
function partialBody(resource: string, schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).filter(
    ([name, property]) =>
      !property.readOnly &&
      !(NOT_SENT[resource] ?? []).includes(name) &&
      resolve(DOCUMENT, property).type !== 'object',
  );
  const independent = fc
    .subarray(fields, { minLength: 1, maxLength: Math.min(3, fields.length) })
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(
          chosen.map(([name, property]) => [name, validValue(resource, name, property)]),
        ),
      ),
    );
  const rows = samples.get(resource) ?? [];
  const names = fields.map(([name]) => name);
  const coherent = rows.length
    ? fc
        .tuple(
          fc.constantFrom(...rows),
          fc.subarray(names, { minLength: 1, maxLength: Math.min(5, names.length) }),
        )
        .map(([row, chosen]) => Object.fromEntries(chosen.map((name) => [name, row[name]])))
    : independent;
  return fc
    .oneof(independent, coherent)
    .map((body) =>
      Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    )
    .filter((body) => Object.keys(body).length > 0);
}

/** The reference field that `name` of `resource`'s rows is the title of (`x-title-of`), or ''. */
function titleOf(resource: string, name: string): string {
  const row = (PATCHABLE.find(([patched]) => patched === resource)?.[1].properties ?? {})[name];
  return (row && resolve(DOCUMENT, row)['x-title-of']) || '';
}

/**
 * Whether `stored` is `given` as the server keeps it: the same JSON, or the same number (a
 * decimal written with other digits), instant (a date-time in another zone or precision),
 * set (a list in another order) or text but for surrounding spaces and, for an e-mail,
 * letter case.
 */
function sameValue(given: unknown, stored: unknown, schema: JsonSchema): boolean {
  if (JSON.stringify(given) === JSON.stringify(stored)) return true;
  if (Array.isArray(given) && Array.isArray(stored)) {
    // A list of privileges or roles is a set: kept in the catalogue's order.
    const sorted = (list: unknown[]) => JSON.stringify(list.map((v) => JSON.stringify(v)).sort());
    return sorted(given) === sorted(stored);
  }
  if (typeof given !== 'string' || typeof stored !== 'string') return false;
  if (schema.format === 'decimal') return Number(given) === Number(stored);
  if (schema.format === 'date-time') return Date.parse(given) === Date.parse(stored);
  if (schema.format === 'email') return given.trim().toLowerCase() === stored.toLowerCase();
  return given.trim() === stored;
}

/** The fields of `before` that differ in `after`. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

describe.each(PATCHABLE.filter(([resource]) => !NOTHING_WRITABLE.has(resource)))(
  'PATCH /%s/{id}/ changes only the fields it was given',
  (resource, schema) => {
    it(`${RUNS} valid partial bodies`, async () => {
      let accepted = 0;
      const seed = SEED + [...resource].reduce((sum, char) => sum + char.charCodeAt(0), 0);
      await fc.assert(
        fc.asyncProperty(partialBody(resource, schema), async (body) => {
          const id = targets.get(resource)!;
          const before = await api(`/${resource}/${id}/`);
          expect(before.status, `GET /${resource}/${id}/`).toBe(200);
          const answer = await api(`/${resource}/${id}/`, 'PATCH', body);
          const what = `PATCH /${resource}/${id}/ ${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, what).toBeLessThan(500);
          if (answer.status !== 200) {
            // Refused (a uniqueness, a cross-field rule): docs/api.md's shape, nothing written.
            expect(errorShapeProblem(answer.body), what).toBeUndefined();
            expect((await api(`/${resource}/${id}/`)).body, what).toEqual(before.body);
            return;
          }
          expect(REFUSES_EVERY_PATCH.has(resource), `${what}: taken`).toBe(false);
          accepted += 1;
          const after = await api(`/${resource}/${id}/`);
          expect(after.body, `${what}: the answer is the row as stored`).toEqual(answer.body);
          const derived = DERIVED[resource] ?? {};
          const unexpected = changedFields(before.body, after.body).filter(
            (name) =>
              !(name in body) &&
              // A reference's title (`x_title`, docs/api.md "Names of referenced rows") is the referenced row's.
              !(titleOf(resource, name) in body) &&
              !(derived[name] ?? []).some((source) => source in body),
          );
          expect(unexpected, `${what}: fields not given changed`).toEqual([]);
          const ignored = Object.entries(body).filter(
            ([name, value]) =>
              !sameValue(value, after.body[name], resolve(DOCUMENT, schema.properties![name]!)),
          );
          expect(ignored, `${what}: given fields not as given`).toEqual([]);
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
      // A property no body reaches proves nothing.
      if (!REFUSES_EVERY_PATCH.has(resource))
        expect(accepted, `${resource}: no valid body was taken`).toBeGreaterThan(0);
    }, 60_000);
  },
);

/** Amounts (as the API's decimal strings) below, at and above the bounds. */
const outOfBounds = fc.oneof(
  fc.constantFrom(
    '0',
    '0.00',
    '-0.00',
    '-0.01',
    '-1',
    '0.001',
    '0.009',
    '0.004',
    '1e-7',
    '250000.01',
    '250000.001',
    '250001',
    '9999999999.99',
    '1e400',
  ),
  fc.integer({ min: -25_000_000, max: 0 }).map((cents) => (cents / 100).toFixed(2)),
  fc.integer({ min: 25_000_001, max: 999_999_999_999 }).map((cents) => (cents / 100).toFixed(2)),
);
const inBounds = fc.oneof(
  fc.constantFrom('0.01', '250000.00', '1', '249999.99'),
  fc.integer({ min: 1, max: 25_000_000 }).map((cents) => (cents / 100).toFixed(2)),
);
const paymentType = fc.constantFrom('advance', 'invoice', 'refund', 'penalty');

/** Asserts a 400 naming `amount` in docs/api.md's shape. */
function expectAmountRefused(answer: { status: number; body: unknown }, what: string): void {
  expect(answer.status, what).toBe(400);
  expect(errorShapeProblem(answer.body), what).toBeUndefined();
  const errors = answer.body as Record<string, unknown>;
  expect(Array.isArray(errors.amount), `${what}: a field error on amount`).toBe(true);
}

describe('payment amounts are more than zero and at most the configured ceiling', () => {
  let contract: number;
  let payment: number;

  beforeAll(async () => {
    contract = (await rowsOf('contracts'))[0]!.id as number;
    const made = await api('/payments/', 'POST', {
      contract,
      type: 'advance',
      amount: '100.00',
      ts: '2025-03-01',
    });
    expect(made.status).toBe(201);
    payment = made.body.id;
  });

  it('a create out of bounds is a 400 on amount and writes nothing; within, it is stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        outOfBounds,
        inBounds,
        paymentType,
        async (asNumber, bad, good, type) => {
          const body = (amount: string) => ({
            contract,
            type,
            amount: asNumber ? Number(amount) : amount,
            ts: '2025-03-02',
          });
          const before = await snapshot(server, token, 'payments');
          const refused = await api('/payments/', 'POST', body(bad));
          expectAmountRefused(refused, `POST amount ${bad}`);
          expect(await snapshot(server, token, 'payments'), `POST amount ${bad}`).toEqual(before);

          const taken = await api('/payments/', 'POST', body(good));
          expect(taken.status, `POST amount ${good}: ${JSON.stringify(taken.body)}`).toBe(201);
          expect(Number(taken.body.amount)).toBe(Number(good));
          expect((await api(`/payments/${taken.body.id}/`, 'DELETE')).status).toBe(204);
        },
      ),
      { numRuns: 15, seed: SEED, endOnFailure: true },
    );
  }, 60_000);

  it('a change to an amount out of bounds is a 400 on amount and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(outOfBounds, inBounds, paymentType, async (bad, good, type) => {
        const before = await api(`/payments/${payment}/`);
        const refused = await api(`/payments/${payment}/`, 'PATCH', { amount: bad, type });
        expectAmountRefused(refused, `PATCH amount ${bad}`);
        expect((await api(`/payments/${payment}/`)).body, `PATCH amount ${bad}`).toEqual(
          before.body,
        );
        const taken = await api(`/payments/${payment}/`, 'PATCH', { amount: good });
        expect(taken.status, `PATCH amount ${good}`).toBe(200);
        expect(Number(taken.body.amount)).toBe(Number(good));
      }),
      { numRuns: 15, seed: SEED + 1, endOnFailure: true },
    );
  }, 60_000);

  it('a statement credit out of bounds is refused and stores no incoming payment', async () => {
    let statements = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), outOfBounds, inBounds), { minLength: 1, maxLength: 4 }),
        async (entries) => {
          statements += 1;
          const amounts = entries.map(([good, bad, fine]) => (good ? fine : bad));
          // Every entry a credit (CRDT): one of zero or a negative amount is what no bank
          // writes, and must be refused all the same.
          const statement = buildCamt053({
            id: `PROPS-${statements}`,
            iban: 'CZ6508000000192000145399',
            created: '2026-01-05T08:00:00',
            from: '2026-01-01',
            to: '2026-01-04',
            opening: '0.00',
            entries: amounts.map((amount, index) => ({
              reference: `PROPS-${statements}-${index}`,
              amount,
              bookingDate: '2026-01-02',
            })),
          });
          const before = await snapshot(server, token, 'incoming-payments');
          const answer = await api('/incoming-payments/import/', 'POST', { statement });
          const what = `import ${amounts.join(', ')} → ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, what).toBeLessThan(500);
          const after = await snapshot(server, token, 'incoming-payments');
          const valid = entries.filter(([good]) => good).length;
          if (answer.status !== 200) {
            expect(errorShapeProblem(answer.body), what).toBeUndefined();
            expect(after, what).toEqual(before);
            return;
          }
          expect(after.count - before.count, `${what}: only the credits in bounds are stored`).toBe(
            valid,
          );
          const stored = await api(
            `/incoming-payments/?filter=${encodeURIComponent(`statement=PROPS-${statements}`)}&page_size=10`,
          );
          for (const row of stored.body.results ?? []) {
            const amount = Number(row.amount);
            expect(amount > 0 && amount <= Number(CEILING), `${what}: stored ${amount}`).toBe(true);
          }
        },
      ),
      { numRuns: 10, seed: SEED + 2, endOnFailure: true },
    );
  }, 60_000);
});
