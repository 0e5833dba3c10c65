/**
 * The privacy operations on a customer who is a person (docs/security.md "Personal data"),
 * both gated by `PRIVACY` and audited, published as the customers' extra actions
 * `customers_personal_data` and `customers_anonymise` (docs/api.md "OpenAPI document"):
 *
 * - `GET /customers/{id}/personal-data/?format=json|pdf&lang=cs|en`: everything Joule holds
 *   about them (`personal-data.ts`) as a JSON download or a PDF (`lang` defaults to the
 *   request's language); audited as `export` with the format. A company: 400.
 * - `POST /customers/{id}/anonymise/`: names, contact data and addresses replaced
 *   (`anonymise.ts`); 409 with the reason while a contract is live or an invoice's retention
 *   runs, 400 for a company; answers the customer as it now is.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate';
import { pragueToday } from '../billing';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { ValidationError, notFound } from '../http/errors';
import { requestLang } from '../http/request-lang';
import { registerPath } from '../http/routes';
import { text, type Lang } from '../i18n/text';
import { JWT_SECURITY, jsonResponse, type JsonObject } from '../openapi/types';
import { recordAudit, serializeRow, type ResourceRegistry } from '../resources/engine';
import { anonymiseCustomer, assertPerson } from './anonymise';
import { collectPersonalData } from './personal-data';
import { renderPersonalDataPdf } from './pdf';

/** The privilege of the privacy operations (server/auth/privileges.ts). */
export const PRIVACY = 'PRIVACY';

/** Years invoices are kept after their year by default (docs/operations.md "Personal data"). */
export const DEFAULT_RETENTION_YEARS = 10;

const INT32_MAX = 2_147_483_647;
const BAD_FORMAT = text('Choose json or pdf.', 'Zvolte json nebo pdf.');
const BAD_LANG = text('Choose cs or en.', 'Zvolte cs nebo en.');

function parseId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** What the privacy routes need from the app. */
export interface PrivacyRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
  /** Years an invoice is kept after its year ends. @default {@link DEFAULT_RETENTION_YEARS} */
  readonly retentionYears?: number;
  /** Today in Europe/Prague, `YYYY-MM-DD` (tests move it). @default the clock's */
  readonly today?: () => string;
}

/** Registers the two routes (see the module comment). */
export function registerPrivacyRoutes(app: FastifyInstance, context: PrivacyRouteContext): void {
  const { db, registry, auth, prefix } = context;
  if (!registry.all().some((resource) => resource.name === 'customers')) return;
  const retentionYears = context.retentionYears ?? DEFAULT_RETENTION_YEARS;
  const today = context.today ?? (() => pragueToday());

  registerPath(app, `${prefix}/customers/:id/personal-data/`, {
    async GET(request, reply) {
      const principal = await auth.authorize(request, PRIVACY);
      const id = parseId(request);
      const query = request.query as { format?: string; lang?: string };
      const format = query.format ?? 'json';
      if (format !== 'json' && format !== 'pdf') {
        throw new ValidationError({ format: [BAD_FORMAT] });
      }
      if (query.lang !== undefined && query.lang !== 'cs' && query.lang !== 'en') {
        throw new ValidationError({ lang: [BAD_LANG] });
      }
      const lang: Lang = (query.lang as Lang | undefined) ?? requestLang(request);
      const [customer] = await db.select().from(customers).where(eq(customers.id, id));
      if (!customer) throw notFound();
      assertPerson(customer);
      const data = await collectPersonalData(db, registry, id);
      if (!data) throw notFound();
      await recordAudit(db, {
        resource: 'customers',
        rowId: id,
        action: 'export',
        actor: principal,
        changes: { format: [null, format] },
      });
      const name = `personal-data-${customer.customerNo}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(data);
      return reply.type('application/pdf').send(await renderPersonalDataPdf(data, lang));
    },
  });

  registerPath(app, `${prefix}/customers/:id/anonymise/`, {
    async POST(request) {
      const principal = await auth.authorize(request, PRIVACY);
      const id = parseId(request);
      await anonymiseCustomer(db, id, principal, { today: today(), retentionYears });
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return serializeRow(registry.get('customers'), row!);
    },
  });
}

/** The routes' OpenAPI paths (none without the customers resource). */
export function privacyOpenApi(
  registry: ResourceRegistry,
  prefix: string,
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!registry.all().some((resource) => resource.name === 'customers')) {
    return { paths: {}, schemas: {} };
  }
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const detail = { description: '{"detail": …}', ...jsonResponse('PrivacyRefusal') };
  const rows = { type: 'array', items: { type: 'object', additionalProperties: true } };
  return {
    paths: {
      [`${prefix}/customers/{id}/personal-data/`]: {
        get: {
          operationId: 'customers_personal_data',
          description:
            'Everything held about a customer who is a person (customer, addresses, ' +
            'contracts, points, readings, invoices, payments, history), as a JSON or PDF ' +
            'download; audited. Needs PRIVACY. 400 for a company.',
          tags: ['customers'],
          parameters: [
            idParam,
            {
              name: 'format',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['json', 'pdf'], default: 'json' },
            },
            {
              name: 'lang',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['cs', 'en'] },
            },
          ],
          security: JWT_SECURITY,
          'x-privilege': PRIVACY,
          responses: {
            '200': {
              description: 'The export',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/PersonalData' } },
                'application/pdf': { schema: { type: 'string', format: 'binary' } },
              },
            },
            '400': detail,
          },
        },
      },
      [`${prefix}/customers/{id}/anonymise/`]: {
        post: {
          operationId: 'customers_anonymise',
          description:
            "Replaces a person's names, contact data and addresses, keeping numbers and " +
            'amounts, once no contract is active or in draft and every invoice is past its ' +
            'retention; audited. Needs PRIVACY. 409 with the reason otherwise, 400 for a company.',
          tags: ['customers'],
          parameters: [idParam],
          security: JWT_SECURITY,
          'x-privilege': PRIVACY,
          responses: { '200': jsonResponse('Customer'), '400': detail, '409': detail },
        },
      },
    },
    schemas: {
      PrivacyRefusal: {
        type: 'object',
        properties: { detail: { type: 'string' } },
        required: ['detail'],
      },
      PersonalData: {
        type: 'object',
        properties: {
          generated_at: { type: 'string', format: 'date-time' },
          customer: { type: 'object', additionalProperties: true },
          addresses: rows,
          contracts: rows,
          points: rows,
          specifications: rows,
          readings: rows,
          invoices: rows,
          payments: rows,
          incoming_payments: rows,
          history: rows,
        },
        required: [
          'addresses',
          'contracts',
          'customer',
          'generated_at',
          'history',
          'incoming_payments',
          'invoices',
          'payments',
          'points',
          'readings',
          'specifications',
        ],
      },
    },
  };
}
