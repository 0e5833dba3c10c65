/**
 * `POST /api/v1/measurements/bulk/` (**Joule**): ingest up to {@link MAX_BULK_READINGS}
 * meter readings in one request, as collectors deliver them.
 *
 * - Body: a JSON array of readings shaped as for `POST /measurements/`
 *   (`tariff_device`, `timestamp_received`, `obis_181`, `obis_182`, `obis_280`; registers
 *   in kWh). Not an array, or more than the maximum → 400 `non_field_errors`.
 * - Each row passes the single-create rules: field checks, an existing device, not in the
 *   future, registers never decreasing along time for a device (against stored readings and
 *   the other rows of the request, taken in time order).
 * - Idempotent on (device, timestamp): a row equal to a stored reading (or to an earlier row
 *   of the request) is counted as `unchanged`, not an error; a different one at the same
 *   instant is refused.
 * - Answer 200 `{"created": n, "unchanged": n, "failed": n, "errors": {"<row index>":
 *   {"field": ["message"]}}}`: the good rows are stored even when others fail.
 *
 * The work is a fixed number of statements whatever the size: one lock of the devices, one
 * query for the neighbouring stored readings, one `INSERT … SELECT FROM
 * json_to_recordset(…) ON CONFLICT DO NOTHING`, all in one transaction.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { tariffDevices } from '../../db/schema';
import { ValidationError, addError, type FieldErrors } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { messages } from '../../i18n/messages';
import { localize, text, type LocalizableJson } from '../../i18n/text';
import { JWT_SECURITY, jsonResponse, ref, type JsonObject } from '../../openapi/types';
import {
  DUPLICATE,
  IN_FUTURE,
  REGISTERS,
  higherThanAfter,
  lowerThanBefore,
} from '../definitions/devices';
import { recordCreated, type AuditActor } from '../engine/audit';
import { pythonTypeName } from '../engine/codecs/codec';
import type { ResourceRegistry } from '../engine/registry';
import { parseBody } from '../engine/validate';

/** Most readings one bulk request may carry. */
export const MAX_BULK_READINGS = 10_000;

/** Body limit of the bulk URL: 10,000 generously formatted readings. */
const BODY_LIMIT = 16 * 1024 * 1024;

/** The resource the bulk ingest writes to. */
const RESOURCE = 'measurements';

/** One reading after its field checks. */
interface Reading {
  readonly index: number;
  readonly device: number;
  readonly at: Date;
  /** `obis_181`, `obis_182`, `obis_280` as decimal strings (kWh). */
  readonly registers: readonly [string, string, string];
}

/** A stored reading. */
interface Stored {
  readonly device: number;
  readonly at: number;
  readonly registers: readonly [string, string, string];
}

/** What the bulk ingest answers. */
export interface BulkAnswer {
  readonly created: number;
  readonly unchanged: number;
  readonly failed: number;
  /** Field errors by row index (as a string key). */
  readonly errors: Record<string, FieldErrors>;
}

const TOO_MANY = text(
  `Ensure this list has no more than ${MAX_BULK_READINGS} readings.`,
  `Seznam smí obsahovat nejvýše ${MAX_BULK_READINGS} odečtů.`,
);

function sameRegisters(a: readonly string[], b: readonly string[]): boolean {
  return a.every((value, i) => Number(value) === Number(b[i]));
}

/** The stored readings around and between each device's new readings. */
async function storedNeighbours(
  db: Database,
  readings: readonly Reading[],
): Promise<Map<number, Stored[]>> {
  const bounds = new Map<number, { lo: Date; hi: Date }>();
  for (const { device, at } of readings) {
    const bound = bounds.get(device);
    if (!bound) bounds.set(device, { lo: at, hi: at });
    else {
      if (at < bound.lo) bound.lo = at;
      if (at > bound.hi) bound.hi = at;
    }
  }
  const byDevice = new Map<number, Stored[]>();
  if (bounds.size === 0) return byDevice;
  const json = JSON.stringify(
    [...bounds].map(([d, { lo, hi }]) => ({ d, lo: lo.toISOString(), hi: hi.toISOString() })),
  );
  const columns = sql.raw(
    'm.tariff_device_id as device, m.timestamp_received as at, m.obis_181::text as a, m.obis_182::text as b, m.obis_280::text as c',
  );
  const result = await db.execute(sql`
    with b as (select * from json_to_recordset(${json}::json) as x(d integer, lo timestamptz, hi timestamptz))
    select ${columns} from b join measurements m
      on m.tariff_device_id = b.d and m.timestamp_received between b.lo and b.hi
    union all
    select p.* from b cross join lateral (
      select ${columns} from measurements m
      where m.tariff_device_id = b.d and m.timestamp_received < b.lo
      order by m.timestamp_received desc limit 1) p
    union all
    select n.* from b cross join lateral (
      select ${columns} from measurements m
      where m.tariff_device_id = b.d and m.timestamp_received > b.hi
      order by m.timestamp_received asc limit 1) n`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  for (const row of rows) {
    const device = Number(row.device);
    const at = row.at instanceof Date ? row.at.getTime() : new Date(String(row.at)).getTime();
    const list = byDevice.get(device) ?? [];
    list.push({ device, at, registers: [String(row.a), String(row.b), String(row.c)] });
    byDevice.set(device, list);
  }
  for (const list of byDevice.values()) list.sort((x, y) => x.at - y.at);
  return byDevice;
}

/**
 * Checks `readings` of one device in time order against its stored readings `stored`
 * (sorted) and each other. Returns the readings to insert; errors and unchanged rows are
 * recorded in `errors` / `unchanged`.
 */
function checkDevice(
  readings: readonly Reading[],
  stored: readonly Stored[],
  errors: Map<number, FieldErrors>,
  unchanged: Set<number>,
): Reading[] {
  const sorted = [...readings].sort((x, y) => x.at.getTime() - y.at.getTime() || x.index - y.index);
  const storedAt = new Map(stored.map((row) => [row.at, row]));
  const accepted: Reading[] = [];
  const acceptedAt = new Map<number, Reading>();
  let next = 0; // index in `stored` of the first stored reading after the current instant
  let previous: readonly string[] | undefined;
  for (const reading of sorted) {
    const at = reading.at.getTime();
    while (next < stored.length && stored[next]!.at <= at) {
      const row = stored[next]!;
      // A stored reading before this one is its predecessor unless an accepted row is later.
      const last = accepted[accepted.length - 1];
      if (!last || last.at.getTime() <= row.at) previous = row.registers;
      next += 1;
    }
    const same = storedAt.get(at) ?? acceptedAt.get(at);
    if (same) {
      if (sameRegisters(same.registers, reading.registers)) unchanged.add(reading.index);
      else errors.set(reading.index, { timestamp_received: [DUPLICATE] });
      continue;
    }
    const after = stored[next]?.registers;
    const rowErrors: FieldErrors = {};
    REGISTERS.forEach(([field], i) => {
      const value = Number(reading.registers[i]);
      if (previous && value < Number(previous[i]))
        addError(rowErrors, field, lowerThanBefore(previous[i]!));
      else if (after && value > Number(after[i]))
        addError(rowErrors, field, higherThanAfter(after[i]!));
    });
    if (Object.keys(rowErrors).length > 0) {
      errors.set(reading.index, rowErrors);
      continue;
    }
    accepted.push(reading);
    acceptedAt.set(at, reading);
    previous = reading.registers;
  }
  return accepted;
}

/**
 * Validates and stores `body`; see the module comment. `actor` is who the audit log
 * records as having created the readings (null: the system).
 */
export async function ingestReadings(
  db: Database,
  registry: ResourceRegistry,
  body: unknown,
  actor: AuditActor | null = null,
): Promise<BulkAnswer> {
  if (!Array.isArray(body))
    throw new ValidationError({ non_field_errors: [messages.notAList(pythonTypeName(body))] });
  if (body.length > MAX_BULK_READINGS) throw new ValidationError({ non_field_errors: [TOO_MANY] });
  const resource = registry.get(RESOURCE);
  const errors = new Map<number, FieldErrors>();
  const parsed: Reading[] = [];
  const now = Date.now();
  body.forEach((item: unknown, index) => {
    try {
      const values = parseBody(resource, item, 'create');
      const at = values.timestamp_received as Date;
      if (at.getTime() > now) {
        errors.set(index, { timestamp_received: [IN_FUTURE] });
        return;
      }
      parsed.push({
        index,
        device: values.tariff_device as number,
        at,
        registers: REGISTERS.map(([field]) => String(values[field])) as unknown as [
          string,
          string,
          string,
        ],
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.set(index, error.errors);
    }
  });

  const unchanged = new Set<number>();
  const created = await db.transaction(async (tx) => {
    const deviceIds = [...new Set(parsed.map((reading) => reading.device))];
    const found = new Set<number>();
    if (deviceIds.length > 0) {
      // Locking the devices serializes concurrent ingests of the same meters, so the
      // monotonicity checks below see every committed reading.
      const rows = await tx
        .select({ id: tariffDevices.id })
        .from(tariffDevices)
        .where(inArray(tariffDevices.id, deviceIds))
        .orderBy(tariffDevices.id)
        .for('update');
      for (const row of rows) found.add(row.id);
    }
    const known: Reading[] = [];
    for (const reading of parsed) {
      if (found.has(reading.device)) known.push(reading);
      else
        errors.set(reading.index, {
          tariff_device: [messages.pkDoesNotExist(String(reading.device))],
        });
    }
    const stored = await storedNeighbours(tx, known);
    const byDevice = new Map<number, Reading[]>();
    for (const reading of known) {
      const list = byDevice.get(reading.device) ?? [];
      list.push(reading);
      byDevice.set(reading.device, list);
    }
    const accepted: Reading[] = [];
    for (const [device, readings] of byDevice)
      accepted.push(...checkDevice(readings, stored.get(device) ?? [], errors, unchanged));
    if (accepted.length === 0) return 0;
    const json = JSON.stringify(
      accepted.map((reading) => ({
        d: reading.device,
        t: reading.at.toISOString(),
        a: reading.registers[0],
        b: reading.registers[1],
        c: reading.registers[2],
      })),
    );
    const inserted = await tx.execute(sql`
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      select d, t, a, b, c
      from json_to_recordset(${json}::json) as x(d integer, t timestamptz, a numeric, b numeric, c numeric)
      on conflict (tariff_device_id, timestamp_received) do nothing
      returning id`);
    const ids = (inserted as unknown as { rows: { id: unknown }[] }).rows.map((row) =>
      Number(row.id),
    );
    // One audit row per created reading, as for a single create: each reading then has its
    // own history (who imported it, when, with which values), and the log needs no second
    // shape for batches. It costs two set-based statements per request (read the rows
    // back, one INSERT … SELECT of the audit rows), not a statement per reading; a
    // million-reading import is a hundred requests and a million small audit rows, which
    // is the price of the log saying the truth about every reading.
    await recordCreated(tx, resource, ids, actor);
    return ids.length;
  });

  const sortedErrors = [...errors].sort(([a], [b]) => a - b);
  return {
    created,
    unchanged: unchanged.size,
    failed: errors.size,
    errors: Object.fromEntries(
      sortedErrors.map(([index, fieldErrors]) => [String(index), fieldErrors]),
    ),
  };
}

/** What the bulk route needs from the app. */
export interface BulkRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
}

/** Registers `POST <prefix>/measurements/bulk/` when the registry serves measurements. */
export function registerMeasurementsBulk(app: FastifyInstance, context: BulkRouteContext): void {
  const { db, registry, auth, prefix } = context;
  if (!registry.all().some((resource) => resource.name === RESOURCE)) return;
  const privilege = registry.get(RESOURCE).def.privilege;
  registerPath(
    app,
    `${prefix}/${RESOURCE}/bulk/`,
    {
      async POST(request, reply) {
        const actor = await auth.authorize(request, privilege);
        const answer = await ingestReadings(db, registry, request.body, actor);
        return reply
          .code(200)
          .send(localize(answer as unknown as LocalizableJson, requestLang(request)));
      },
    },
    {
      bodyLimit: BODY_LIMIT,
      // Up to 16 MiB of JSON: only a user allowed to write readings gets it read and parsed
      // (401 / 403 first, whatever the body). The handler asks again for the principal; a
      // second token check is nothing beside the ingest.
      beforeBody: (request) => auth.authorize(request, privilege),
    },
  );
}

/** The bulk operation's OpenAPI path and components. */
export function measurementsBulkOpenApi(
  registry: ResourceRegistry,
  prefix: string,
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!registry.all().some((resource) => resource.name === RESOURCE))
    return { paths: {}, schemas: {} };
  const resource = registry.get(RESOURCE);
  const fieldErrors = {
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  };
  return {
    paths: {
      [`${prefix}/${RESOURCE}/bulk/`]: {
        post: {
          operationId: `${RESOURCE}_bulk_create`,
          description:
            `Stores up to ${MAX_BULK_READINGS} readings. Idempotent on (tariff_device, ` +
            'timestamp_received); rows failing the rules are reported by index in `errors` ' +
            'and the others are stored.',
          tags: [RESOURCE],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: ref(resource.def.component),
                  maxItems: MAX_BULK_READINGS,
                },
              },
            },
            required: true,
          },
          security: JWT_SECURITY,
          'x-privilege': resource.def.privilege,
          responses: { '200': jsonResponse('MeasurementBulkResult') },
        },
      },
    },
    schemas: {
      MeasurementBulkResult: {
        type: 'object',
        properties: {
          created: { type: 'integer', description: 'Readings stored by this request.' },
          unchanged: {
            type: 'integer',
            description: 'Readings already stored with the same values (not an error).',
          },
          failed: { type: 'integer', description: 'Readings refused; see errors.' },
          errors: {
            type: 'object',
            description: 'Field errors of each refused reading, keyed by its index in the body.',
            additionalProperties: fieldErrors,
          },
        },
        required: ['created', 'errors', 'failed', 'unchanged'],
      },
    },
  };
}
