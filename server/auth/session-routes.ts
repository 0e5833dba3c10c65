/**
 * The session endpoints (docs/security.md "Tokens", docs/api.md "Authentication endpoints"):
 * - `GET /auth/me/sessions/` → the signed-in user's live sessions (browser, address, created,
 *   last used; `current` marks the asking one)
 * - `DELETE /auth/me/sessions/{id}/` → 204: ends one of them (404 for another's or an ended one)
 * - `POST /auth/me/sign_out_everywhere/` → 204: ends every session of the user, the asking
 *   one included, and voids every token of theirs
 * - `POST /users/{id}/sign_out_everywhere/` → 204: the same for another user, by a holder of
 *   `USERS` who may manage that user (the rules of `grants.ts`: not a user holding more than
 *   the editor, a superuser only by a superuser); audited in the user's history
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { roles, users } from '../db/schema';
import { detailError, notFound } from '../http/errors';
import { registerPath } from '../http/routes';
import { recordAudit } from '../resources/engine';
import type { Authenticator } from './authenticate';
import { userWriteRefusal } from './grants';
import { listSessions, revokeSession, signOutEverywhere } from './sessions';

/** What the session routes need from the app. */
export interface SessionRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  readonly prefix: string;
}

const INT32_MAX = 2_147_483_647;

function userIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** Registers the endpoints listed in the module comment. */
export function registerSessionRoutes(app: FastifyInstance, context: SessionRouteContext): void {
  const { db, auth, prefix } = context;

  registerPath(app, `${prefix}/auth/me/sessions/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      return listSessions(db, principal.id, principal.session?.id);
    },
  });

  registerPath(app, `${prefix}/auth/me/sessions/:id/`, {
    async DELETE(request, reply) {
      const principal = await auth.authenticate(request);
      const id = (request.params as { id?: string }).id ?? '';
      if (!/^[0-9a-f]{32}$/.test(id) || !(await revokeSession(db, principal.id, id))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  });

  registerPath(app, `${prefix}/auth/me/sign_out_everywhere/`, {
    async POST(request, reply) {
      const principal = await auth.authenticate(request);
      await signOutEverywhere(db, principal.id);
      request.log.info({ userId: principal.id }, 'signed out everywhere');
      return reply.code(204).send();
    },
  });

  registerPath(app, `${prefix}/users/:id/sign_out_everywhere/`, {
    async POST(request, reply) {
      const editor = await auth.authorize(request, 'USERS');
      const id = userIdParam(request);
      const [target] = await db
        .select({ id: users.id, email: users.email, roles: users.roles })
        .from(users)
        .where(eq(users.id, id));
      if (!target) throw notFound();
      const held =
        target.roles.length === 0
          ? []
          : await db
              .select({ id: roles.id, name: roles.name, privileges: roles.privileges })
              .from(roles)
              .where(inArray(roles.id, target.roles));
      // The users screen's rules for a change of the user that sets nothing (grants.ts).
      const refusal = userWriteRefusal({
        operation: 'update',
        editor,
        targetId: id,
        currentRoles: target.roles,
        nextRoles: undefined,
        setsPassword: false,
        roles: new Map(held.map((role) => [role.id, role])),
      });
      if (refusal) throw detailError(403, refusal);
      await db.transaction(async (tx) => {
        await signOutEverywhere(tx, id);
        await recordAudit(tx, {
          resource: 'users',
          rowId: id,
          action: 'update',
          actor: editor,
          changes: { signed_out_everywhere: [null, true] },
        });
      });
      request.log.info({ userId: id, by: editor.id }, 'user signed out everywhere');
      return reply.code(204).send();
    },
  });
}
