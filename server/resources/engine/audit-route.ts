/**
 * `GET /api/v1/audit/` (**Joule**, docs/api.md "Audit"): every change the audit log holds,
 * newest first, for holders of the `AUDIT` privilege (and superusers), as DRF's page-number
 * pagination of the history's entries (`history.ts`: `id`, `at`, `action`, `user`,
 * `changes`, `resource`, `row_id`, `title`). Filters, each optional: `user` (a user's id),
 * `action` (one of the entries' actions), `resource` (a resource's name), `row_id` (with `resource`: one row), `from` and `to`
 * (ISO 8601 instants; `from` ≤ at < `to`); `page`, `page_size` (default 25, at most
 * 9999). Malformed filters are a 400 naming each parameter.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { ValidationError, addError, detailError, type FieldErrors } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { text } from '../../i18n/text';
import { JWT_SECURITY, jsonResponse, type JsonObject } from '../../openapi/types';
import { INT32_MAX } from './codecs';
import { historyEntries, type HistoryAnswer } from './history';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-query';
import { pageAnswer } from './page-answer';
import type { ResourceRegistry } from './registry';

/** The privilege that reads the whole audit log (superusers hold every privilege). */
export const AUDIT_PRIVILEGE = 'AUDIT';

/** The actions an audit entry records (the `action` filter's choices). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'export', 'anonymise'] as const;

/** What the audit route needs from the app. */
export interface AuditRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  readonly registry: ResourceRegistry;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

/** A positive integer parameter, or undefined (with an error) when it is not one. */
function positive(text: string, name: string, errors: FieldErrors): number | undefined {
  const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (value >= 1 && value <= INT32_MAX) return value;
  addError(errors, name, messages.invalidId(text));
  return undefined;
}

/** An ISO 8601 instant parameter, or undefined (with an error). */
function instant(text: string, name: string, errors: FieldErrors): Date | undefined {
  const value = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
    ? new Date(text)
    : new Date(NaN);
  if (!Number.isNaN(value.getTime())) return value;
  addError(errors, name, messages.datetimeFormat);
  return undefined;
}

/** Reads one page of the audit log with the request's filters; see the module comment. */
export async function readAudit(
  db: Database,
  registry: ResourceRegistry,
  request: FastifyRequest,
): Promise<HistoryAnswer> {
  const params = queryParams(request);
  const errors: FieldErrors = {};
  const conditions: SQL[] = [];
  const param = (name: string) => {
    const value = lastParam(params, name)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const user = param('user');
  if (user !== undefined) {
    const id = positive(user, 'user', errors);
    if (id !== undefined) conditions.push(eq(auditLog.userId, id));
  }
  const action = param('action');
  if (action !== undefined) {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(action))
      addError(errors, 'action', messages.invalidChoice(action));
    else conditions.push(eq(auditLog.action, action));
  }
  const resource = param('resource');
  if (resource !== undefined) {
    if (!registry.has(resource)) addError(errors, 'resource', messages.invalidChoice(resource));
    else conditions.push(eq(auditLog.resource, resource));
  }
  const row = param('row_id');
  if (row !== undefined) {
    const id = positive(row, 'row_id', errors);
    if (id !== undefined) conditions.push(eq(auditLog.rowId, id));
  }
  const from = param('from');
  if (from !== undefined) {
    const at = instant(from, 'from', errors);
    if (at) conditions.push(gte(auditLog.at, at));
  }
  const to = param('to');
  if (to !== undefined) {
    const at = instant(to, 'to', errors);
    if (at) conditions.push(lt(auditLog.at, at));
  }
  let size = DEFAULT_PAGE_SIZE;
  const sizeText = param('page_size');
  if (sizeText !== undefined) {
    const value = positive(sizeText, 'page_size', errors);
    if (value !== undefined) size = Math.min(value, MAX_PAGE_SIZE);
  }
  let page = 1;
  const pageText = param('page');
  if (pageText !== undefined) page = positive(pageText, 'page', errors) ?? 1;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = Number(counted?.n ?? 0);
  const offset = (page - 1) * size;
  if (page > 1 && offset >= total) throw detailError(404, messages.invalidPage);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(size)
    .offset(offset);
  return pageAnswer(
    request,
    page,
    offset,
    total,
    await historyEntries(db, registry, rows, requestLang(request)),
  );
}

/** The audit log's names, as OPTIONS publishes a resource's (`options.ts`). */
const AUDIT_NAMES = {
  plural: text('Audit log', 'Auditní záznam'),
  description: text(
    'Every change recorded by the audit log, newest first.',
    'Všechny zaznamenané změny, nejnovější první.',
  ),
  singular: text('Audit entry', 'Záznam auditu'),
};

/** Registers `GET <prefix>/audit/` and its `OPTIONS` (DRF's metadata of a read-only list). */
export function registerAuditRoute(app: FastifyInstance, context: AuditRouteContext): void {
  const { db, auth, prefix, registry } = context;
  registerPath(app, `${prefix}/audit/`, {
    async GET(request) {
      await auth.authorize(request, AUDIT_PRIVILEGE);
      return readAudit(db, registry, request);
    },
    async OPTIONS(request) {
      await auth.authenticate(request);
      const lang = requestLang(request);
      return {
        name: AUDIT_NAMES.plural[lang],
        description: AUDIT_NAMES.description[lang],
        'x-singular': AUDIT_NAMES.singular[lang],
        renders: ['application/json'],
        parses: ['application/json'],
      };
    },
  });
}

/**
 * The OpenAPI path of the audit log: operation `audit_list`, a read-only list (its items
 * `AuditEntry`), so that codegen describes it as the resource `audit`.
 */
export function auditPaths(prefix: string): Record<string, JsonObject> {
  const query = (
    name: string,
    description: string,
    type = 'string',
    values?: readonly string[],
  ): JsonObject => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: values ? { type, enum: [...values] } : { type },
  });
  return {
    [`${prefix}/audit/`]: {
      get: {
        operationId: 'audit_list',
        description:
          'Every change recorded by the audit log, newest first (the entries of a row’s ' +
          'history), for holders of the AUDIT privilege.',
        parameters: [
          query('user', 'Only changes made by this user (id).', 'integer'),
          query('action', 'Only changes of this action.', 'string', AUDIT_ACTIONS),
          query('resource', 'Only changes of this resource (its name).'),
          query('row_id', 'Only changes of rows with this id (with resource: one row).', 'integer'),
          query('from', 'Only changes at or after this ISO 8601 instant.'),
          query('to', 'Only changes before this ISO 8601 instant.'),
          query('page', 'A page number within the paginated result set.', 'integer'),
          query(
            'page_size',
            `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
            'integer',
          ),
        ],
        tags: ['audit'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('PaginatedAuditEntryList') },
        'x-privilege': AUDIT_PRIVILEGE,
      },
    },
  };
}
