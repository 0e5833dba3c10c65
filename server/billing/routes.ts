/**
 * The billing API (docs/billing.md, docs/product.md):
 *
 * - `GET /api/v1/contracts/{id}/bill-preview/?from=YYYY-MM-DD&to=YYYY-MM-DD`: the contract's
 *   bill for `[from, to)` (Europe/Prague) as `calculate.ts` defines it, computed from one
 *   consistent snapshot; nothing is stored. Privilege `BILLING` (a bill shows what billing
 *   staff need of the contract; the contract dialog that offers it needs `CONTRACTS` too).
 *   `from`/`to` required, `to` after `from`, at most {@link MAX_PREVIEW_DAYS} days → else 400
 *   per field. Unknown contract → 404. A contract that cannot be billed → 422
 *   `{"detail": …, "reasons": [{"code", "point_id"?, "device_id"?, "day"?, "message"}]}`.
 * - `GET /api/v1/settings/global/`: the supplier's settings and the VAT rates; privilege
 *   `BILLING` (or superuser). `PUT` (superuser only) replaces them all.
 */
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate';
import { SUPERUSER } from '../auth/privileges';
import type { Database } from '../db/client';
import { globalSettings, vatRates } from '../db/schema';
import { ApiError, ValidationError, addError, notFound, type FieldErrors } from '../http/errors';
import { registerPath } from '../http/routes';
import { messages } from '../i18n/messages';
import { localize, text, type LocalizableJson } from '../i18n/text';
import { requestLang } from '../http/request-lang';
import { JWT_SECURITY, jsonResponse, ref, type JsonObject } from '../openapi/types';
import {
  recordAudit,
  type AuditActor,
  type AuditChanges,
  type JsonValue,
} from '../resources/engine';
import { dicValidator, icoValidator } from '../resources/rules';
import { LINE_KINDS } from './calculate';
import { daysBetween, isIsoDate } from './dates';
import { billContract } from './bill';
import { loadSupplierSettings, loadVatRates } from './settings';

/** The privilege of billing: previews, runs, invoices (docs/product.md §6, docs/billing.md). */
export const BILLING = 'BILLING';

/** Longest period a preview may span, in days (two years and a leap day). */
export const MAX_PREVIEW_DAYS = 731;

/** Most VAT rates the global settings hold. */
export const MAX_VAT_RATES = 50;

const TO_NOT_AFTER_FROM = text(
  'The end must be after the start.',
  'Konec musí následovat po začátku.',
);
const TOO_LONG = text(
  `The period may be at most ${MAX_PREVIEW_DAYS} days long.`,
  `Období smí mít nejvýše ${MAX_PREVIEW_DAYS} dní.`,
);
const CANNOT_BILL = text(
  'The contract cannot be billed for this period.',
  'Smlouvu za toto období nelze vyfakturovat.',
);
const DUPLICATE_DAY = text(
  'Two VAT rates cannot come into force on the same day.',
  'Dvě sazby DPH nemohou platit od stejného dne.',
);
const RATE_RANGE = text(
  'Enter a rate from 0 to 100 percent with at most 2 decimal places.',
  'Zadejte sazbu od 0 do 100 % s nejvýše 2 desetinnými místy.',
);

/** The preview's period, checked: ISO dates, `to` after `from`, not too long. */
export function parsePeriod(query: unknown): { from: string; to: string } {
  const values = (typeof query === 'object' && query !== null ? query : {}) as Record<
    string,
    unknown
  >;
  const errors: FieldErrors = {};
  const dates: Record<string, string> = {};
  for (const name of ['from', 'to']) {
    const value = values[name];
    if (value === undefined || value === '') addError(errors, name, messages.required);
    else if (typeof value !== 'string' || !isIsoDate(value))
      addError(errors, name, messages.dateFormat);
    else dates[name] = value;
  }
  const { from, to } = dates;
  if (from && to) {
    if (to <= from) addError(errors, 'to', TO_NOT_AFTER_FROM);
    else if (daysBetween(from, to) > MAX_PREVIEW_DAYS) addError(errors, 'to', TOO_LONG);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { from: from!, to: to! };
}

/** The body of `PUT /settings/global/`, checked. */
interface GlobalSettingsBody {
  supplier_name: string;
  ico: string;
  dic: string;
  address: string;
  bank_account: string;
  vat_rates: { rate: string; valid_from: string }[];
}

const STRING_FIELDS: readonly [keyof GlobalSettingsBody, number][] = [
  ['supplier_name', 200],
  ['ico', 8],
  ['dic', 14],
  ['address', 500],
  ['bank_account', 50],
];

function parseSettingsBody(body: unknown): GlobalSettingsBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError({
      non_field_errors: [messages.notADictionary(Array.isArray(body) ? 'list' : typeof body)],
    });
  const values = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const out: Record<string, unknown> = {};
  for (const [name, max] of STRING_FIELDS) {
    const value = values[name];
    if (value === undefined) addError(errors, name, messages.required);
    else if (typeof value !== 'string') addError(errors, name, messages.invalidString);
    else if (value.length > max) addError(errors, name, messages.maxLength(max));
    else out[name] = value.trim();
  }
  const ico = typeof out.ico === 'string' ? icoValidator(out.ico) : undefined;
  if (ico) addError(errors, 'ico', ico);
  const dic = typeof out.dic === 'string' ? dicValidator(out.dic) : undefined;
  if (dic) addError(errors, 'dic', dic);
  const rates = values.vat_rates;
  if (!Array.isArray(rates)) addError(errors, 'vat_rates', messages.notAList(typeof rates));
  else if (rates.length === 0) addError(errors, 'vat_rates', messages.emptyList);
  else if (rates.length > MAX_VAT_RATES)
    addError(errors, 'vat_rates', messages.maxLength(MAX_VAT_RATES));
  else {
    const seen = new Set<string>();
    const parsed: { rate: string; valid_from: string }[] = [];
    rates.forEach((item: unknown, index) => {
      const row = (typeof item === 'object' && item !== null ? item : {}) as Record<
        string,
        unknown
      >;
      const rate = String(row.rate ?? '');
      const from = row.valid_from;
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(rate) || new Decimal(rate).gt(100))
        addError(errors, `vat_rates.${index}.rate`, RATE_RANGE);
      if (typeof from !== 'string' || !isIsoDate(from))
        addError(errors, `vat_rates.${index}.valid_from`, messages.dateFormat);
      else if (seen.has(from)) addError(errors, `vat_rates.${index}.valid_from`, DUPLICATE_DAY);
      else seen.add(from);
      parsed.push({ rate, valid_from: String(from) });
    });
    out.vat_rates = parsed;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return out as unknown as GlobalSettingsBody;
}

/** The global settings as the API answers them. */
async function readGlobalSettings(db: Database) {
  const [supplier, rates] = [await loadSupplierSettings(db), await loadVatRates(db)];
  return {
    ...supplier,
    vat_rates: rates.map((rate) => ({ rate: rate.rate, valid_from: rate.valid_from })),
  };
}

/** The audit log's name of the global settings (one row, id 1). */
export const SETTINGS_AUDIT_RESOURCE = 'settings-global';

/**
 * Records a change of the global settings (docs/billing.md "Audit"): one audit row of
 * {@link SETTINGS_AUDIT_RESOURCE}, row 1, with each changed field as `[before, after]` as
 * the API answers it (`vat_rates` as the whole list); nothing when nothing changed.
 */
async function auditSettings(
  tx: Database,
  actor: AuditActor,
  before: Awaited<ReturnType<typeof readGlobalSettings>>,
  after: Awaited<ReturnType<typeof readGlobalSettings>>,
) {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[key];
    if (JSON.stringify(old) !== JSON.stringify(value))
      changes[key] = [(old ?? null) as JsonValue, value as JsonValue];
  }
  await recordAudit(tx, {
    resource: SETTINGS_AUDIT_RESOURCE,
    rowId: 1,
    action: 'update',
    actor,
    changes,
  });
}

/** What the billing routes need from the app. */
export interface BillingRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  readonly prefix: string;
}

/** Registers the preview and the global settings routes. */
export function registerBillingRoutes(app: FastifyInstance, context: BillingRouteContext): void {
  const { db, auth, prefix } = context;
  registerPath(app, `${prefix}/contracts/:id/bill-preview/`, {
    async GET(request) {
      await auth.authorize(request, BILLING);
      const id = (request.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(id)) throw notFound();
      const period = parsePeriod(request.query);
      const result = await billContract(db, Number(id), period);
      if (result.ok)
        return localize(result.bill as unknown as LocalizableJson, requestLang(request));
      if (result.reasons.some((reason) => reason.code === 'contract_not_found')) throw notFound();
      throw new ApiError(422, {
        detail: CANNOT_BILL,
        reasons: result.reasons as unknown as LocalizableJson,
      });
    },
  });
  registerPath(app, `${prefix}/settings/global/`, {
    async GET(request) {
      await auth.authorize(request, BILLING);
      return readGlobalSettings(db);
    },
    async PUT(request) {
      const principal = await auth.authorize(request, SUPERUSER);
      const body = parseSettingsBody(request.body);
      await db.transaction(async (tx) => {
        const before = await readGlobalSettings(tx);
        const values = {
          supplierName: body.supplier_name,
          ico: body.ico,
          dic: body.dic,
          address: body.address,
          bankAccount: body.bank_account,
        };
        await tx
          .insert(globalSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: globalSettings.id, set: values });
        await tx.delete(vatRates);
        await tx
          .insert(vatRates)
          .values(body.vat_rates.map((rate) => ({ rate: rate.rate, validFrom: rate.valid_from })));
        await auditSettings(tx, principal, before, await readGlobalSettings(tx));
      });
      return readGlobalSettings(db);
    },
  });
}

const money = (description: string): JsonObject => ({
  type: 'string',
  format: 'decimal',
  pattern: '^-?\\d+\\.\\d{2}$',
  description,
});
const decimal = (description: string): JsonObject => ({
  type: 'string',
  format: 'decimal',
  description,
});
const isoDate: JsonObject = { type: 'string', format: 'date' };
const object = (properties: Record<string, JsonObject>, optional: string[] = []): JsonObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties)
    .filter((key) => !optional.includes(key))
    .sort(),
});

/** The billing routes' OpenAPI paths and components. */
export function billingOpenApi(prefix: string): {
  paths: Record<string, JsonObject>;
  schemas: Record<string, JsonObject>;
} {
  const fieldErrors = jsonResponse('BillPreviewErrors');
  const settingsProperties: Record<string, JsonObject> = {
    supplier_name: { type: 'string', maxLength: 200, description: "Supplier's name." },
    ico: {
      type: 'string',
      maxLength: 8,
      description: 'IČO: 8 digits with the check digit, or empty.',
    },
    dic: { type: 'string', maxLength: 14, description: 'DIČ: CZ and 8–10 digits, or empty.' },
    address: {
      type: 'string',
      maxLength: 500,
      description: 'Postal address, lines separated by newlines.',
    },
    bank_account: { type: 'string', maxLength: 50, description: 'Bank account or IBAN.' },
    vat_rates: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_VAT_RATES,
      items: ref('VatRate'),
      description: 'VAT rates with the day each comes into force; each applies until the next.',
    },
  };
  return {
    paths: {
      [`${prefix}/contracts/{id}/bill-preview/`]: {
        get: {
          operationId: 'contracts_bill_preview',
          description:
            'The bill of the contract for [from, to) (dates in Europe/Prague), computed as ' +
            'docs/billing.md "The calculation" describes; nothing is stored. Needs BILLING. ' +
            `At most ${MAX_PREVIEW_DAYS} days. 422 with the reasons when it cannot be billed.`,
          tags: ['contracts'],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            {
              name: 'from',
              in: 'query',
              required: true,
              schema: isoDate,
              description: 'First day.',
            },
            {
              name: 'to',
              in: 'query',
              required: true,
              schema: isoDate,
              description: 'The day after the last day.',
            },
          ],
          security: JWT_SECURITY,
          'x-privilege': BILLING,
          responses: {
            '200': jsonResponse('Bill'),
            '400': fieldErrors,
            '404': { description: 'No such contract.' },
            '422': jsonResponse('BillRefused'),
          },
        },
      },
      [`${prefix}/settings/global/`]: {
        get: {
          operationId: 'settings_global_retrieve',
          description: "The supplier's global settings (printed on invoices) and VAT rates.",
          tags: ['settings'],
          security: JWT_SECURITY,
          'x-privilege': BILLING,
          responses: { '200': jsonResponse('GlobalSettings') },
        },
        put: {
          operationId: 'settings_global_update',
          description: 'Replaces the global settings and every VAT rate. Superuser only.',
          tags: ['settings'],
          requestBody: {
            content: { 'application/json': { schema: ref('GlobalSettings') } },
            required: true,
          },
          security: JWT_SECURITY,
          'x-privilege': SUPERUSER,
          responses: { '200': jsonResponse('GlobalSettings'), '400': fieldErrors },
        },
      },
    },
    schemas: {
      BillPreviewErrors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
      VatRate: object({
        rate: { type: 'string', format: 'decimal', description: 'Percent, 0–100.' },
        valid_from: isoDate,
      }),
      GlobalSettings: object(settingsProperties),
      BillRefusal: object(
        {
          code: { type: 'string' },
          point_id: { type: 'integer' },
          point_title: { type: 'string' },
          device_id: { type: 'integer' },
          device_title: { type: 'string' },
          day: isoDate,
          message: { type: 'string' },
        },
        ['point_id', 'point_title', 'device_id', 'device_title', 'day'],
      ),
      BillRefused: object({
        detail: { type: 'string' },
        reasons: { type: 'array', items: ref('BillRefusal') },
      }),
      BillLine: object({
        kind: { type: 'string', enum: [...LINE_KINDS] },
        label: { type: 'string' },
        quantity: decimal('Quantity in `unit`.'),
        unit: { type: 'string', enum: ['MWh', 'month', 'A·month'] },
        unit_price: decimal('CZK per unit without VAT.'),
        amount: money('CZK without VAT, rounded half-up.'),
      }),
      RegisterValue: object({
        device: { type: 'integer' },
        at: { type: 'string', format: 'date-time' },
        obis_181: decimal('kWh, high tariff.'),
        obis_182: decimal('kWh, low tariff.'),
        obis_280: decimal('kWh, production.'),
        estimated: { type: 'boolean', description: 'Interpolated between two readings.' },
      }),
      BillSegment: object({
        from: isoDate,
        to: isoDate,
        specification: { type: 'integer' },
        tariff: { type: 'integer' },
        tariff_code: { type: 'string' },
        main_fuse: { type: 'integer' },
        current_a: { type: 'integer', description: "Main fuse's rated current (A)." },
        months: decimal('Σ days in each month / days of that month.'),
        start: ref('RegisterValue'),
        end: ref('RegisterValue'),
        ht_mwh: decimal('High-tariff consumption, MWh.'),
        lt_mwh: decimal('Low-tariff consumption, MWh.'),
        production_mwh: decimal('Production, MWh.'),
        lines: { type: 'array', items: ref('BillLine') },
      }),
      BillPoint: object({
        point: { type: 'integer' },
        ean: { type: 'string' },
        name: { type: 'string' },
        segments: { type: 'array', items: ref('BillSegment') },
      }),
      BillAdvance: object({ id: { type: 'integer' }, ts: isoDate, amount: money('CZK.') }),
      Bill: object({
        contract: { type: 'integer' },
        contract_no: { type: 'string' },
        customer: { type: 'integer' },
        product: { type: 'integer' },
        mode: { type: 'string' },
        period: object({ from: isoDate, to: isoDate }),
        points: { type: 'array', items: ref('BillPoint') },
        base: money('Σ lines except production, CZK.'),
        vat_rate: decimal('Percent.'),
        vat: money('CZK.'),
        production: money('Σ production lines (≤ 0), CZK.'),
        total: money('base + VAT + production, CZK.'),
        advance_payments: { type: 'array', items: ref('BillAdvance') },
        advances: money('Σ advances dated in the period, CZK.'),
        refund_payments: { type: 'array', items: ref('BillAdvance') },
        refunds: money('Σ refunds paid out dated in the period (settling no invoice), CZK.'),
        amount_due: money('total − advances + refunds; negative is a refund. CZK.'),
      }),
    },
  };
}
