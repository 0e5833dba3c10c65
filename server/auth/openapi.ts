/** The auth and config endpoints' part of the OpenAPI document (see `routes.ts`). */
import {
  JWT_SECURITY,
  NO_BODY,
  jsonBody,
  jsonResponse,
  ref,
  type JsonObject,
  type PathsObject,
  type SchemaObject,
} from '../openapi/types';
import { SUPERUSER } from './privileges';

const readOnlyString = { type: 'string', readOnly: true };
const writeOnlyString = { type: 'string', writeOnly: true };

/** Components of the auth endpoints (simplejwt's and djoser's serializer names). */
export function authSchemas(): Record<string, SchemaObject> {
  return {
    TokenObtainPair: {
      type: 'object',
      properties: {
        email: writeOnlyString,
        password: writeOnlyString,
        access: readOnlyString,
        refresh: readOnlyString,
      },
      required: ['access', 'email', 'password', 'refresh'],
    },
    // With ROTATE_REFRESH_TOKENS the answer carries a new refresh token: drf-spectacular
    // then publishes `refresh` as read-write.
    TokenRefresh: {
      type: 'object',
      properties: { access: readOnlyString, refresh: { type: 'string' } },
      required: ['access', 'refresh'],
    },
    // The answer is `{}`: `refresh` is write-only.
    TokenBlacklist: {
      type: 'object',
      properties: { refresh: writeOnlyString },
      required: ['refresh'],
    },
    Me: {
      type: 'object',
      properties: {
        id: { type: 'integer', readOnly: true },
        email: { type: 'string', format: 'email', readOnly: true },
        privileges: { type: 'array', items: { type: 'string' }, readOnly: true },
      },
      required: ['email', 'id', 'privileges'],
    },
    // One's own password or e-mail, with the current password; answers a new pair
    // (docs/security.md "Account changes").
    PasswordChange: {
      type: 'object',
      properties: {
        current_password: { type: 'string' },
        new_password: { type: 'string', minLength: 8, maxLength: 128 },
      },
      required: ['current_password', 'new_password'],
    },
    EmailChange: {
      type: 'object',
      properties: {
        current_password: { type: 'string' },
        new_email: { type: 'string', format: 'email', maxLength: 254 },
      },
      required: ['current_password', 'new_email'],
    },
    // The new pair of the session that changed its own account.
    AccountTokens: {
      type: 'object',
      properties: { access: readOnlyString, refresh: readOnlyString },
      required: ['access', 'refresh'],
    },
    // A live session of the signed-in user (server/auth/sessions.ts).
    Session: {
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true },
        user_agent: { type: 'string', nullable: true, readOnly: true },
        address: { type: 'string', nullable: true, readOnly: true },
        created_at: { type: 'string', format: 'date-time', readOnly: true },
        last_used_at: { type: 'string', format: 'date-time', readOnly: true },
        current: { type: 'boolean', readOnly: true },
      },
      required: ['address', 'created_at', 'current', 'id', 'last_used_at', 'user_agent'],
    },
    // The second factor of a password sign-in (server/auth/two-factor-routes.ts).
    TwoFactorCode: {
      type: 'object',
      properties: {
        challenge: writeOnlyString,
        code: { type: 'string', writeOnly: true, pattern: '^\\d{6}$' },
        recovery_code: writeOnlyString,
      },
      required: ['challenge'],
    },
    TwoFactorTokens: {
      type: 'object',
      properties: {
        access: readOnlyString,
        refresh: readOnlyString,
        recovery_codes: { type: 'array', items: { type: 'string' }, readOnly: true },
      },
      required: ['access', 'refresh'],
    },
    TwoFactorStatus: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean', readOnly: true },
        required: { type: 'boolean', readOnly: true },
        recovery_codes_left: { type: 'integer', readOnly: true },
      },
      required: ['enabled', 'recovery_codes_left', 'required'],
    },
    // A right password of a user with a second factor (docs/security.md "Two-factor
    // sign-in"): no tokens, a challenge to answer with a code; to enrol (`enrol`: the user's
    // role requires a second factor they have not set up) also the secret to enrol with.
    TwoFactorChallenge: {
      type: 'object',
      properties: {
        second_factor: { type: 'string', enum: ['totp', 'enrol'], readOnly: true },
        challenge: readOnlyString,
        secret: readOnlyString,
        otpauth_url: readOnlyString,
        qr: readOnlyString,
      },
      required: ['second_factor', 'challenge'],
    },
    TwoFactorSetup: {
      type: 'object',
      properties: {
        challenge: readOnlyString,
        secret: readOnlyString,
        otpauth_url: readOnlyString,
        qr: readOnlyString,
      },
      required: ['challenge', 'otpauth_url', 'qr', 'secret'],
    },
    // The second factor turned on in Settings: the codes shown once and the new pair of the
    // session that turned it on (the others end).
    TwoFactorEnabled: {
      type: 'object',
      properties: {
        recovery_codes: { type: 'array', items: { type: 'string' }, readOnly: true },
        access: readOnlyString,
        refresh: readOnlyString,
      },
      required: ['recovery_codes', 'access', 'refresh'],
    },
    TwoFactorDisable: {
      type: 'object',
      properties: { current_password: writeOnlyString },
      required: ['current_password'],
    },
    SendEmailReset: {
      type: 'object',
      properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
      required: ['email'],
    },
    PasswordResetConfirm: {
      type: 'object',
      properties: {
        uid: { type: 'string' },
        token: { type: 'string' },
        new_password: { type: 'string' },
      },
      required: ['new_password', 'token', 'uid'],
    },
    UserPreferences: {
      type: 'object',
      description:
        "The user's list preferences: per resource, the column order and the hidden columns.",
      properties: {
        lists: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: {
              order: { type: 'array', items: { type: 'string' }, maxItems: 200 },
              hidden: { type: 'array', items: { type: 'string' }, maxItems: 200 },
            },
            required: ['order', 'hidden'],
          },
        },
      },
    },
    SavedView: {
      type: 'object',
      description:
        'A saved view of a list: its query string (search, filters, sort, page size) and columns under a name; only a superuser shares one with roles.',
      properties: {
        id: { type: 'integer', readOnly: true },
        resource: { type: 'string', maxLength: 100 },
        name: { type: 'string', maxLength: 100 },
        query: { type: 'string', maxLength: 2000 },
        columns: {
          type: 'object',
          nullable: true,
          properties: {
            order: { type: 'array', items: { type: 'string' }, maxItems: 200 },
            hidden: { type: 'array', items: { type: 'string' }, maxItems: 200 },
          },
          required: ['order', 'hidden'],
        },
        roles: { type: 'array', items: { type: 'integer' }, maxItems: 50 },
        mine: { type: 'boolean', readOnly: true },
      },
      required: ['id', 'resource', 'name', 'query', 'columns', 'roles', 'mine'],
    },
    PatchedSavedView: {
      type: 'object',
      properties: {
        resource: { type: 'string', maxLength: 100 },
        name: { type: 'string', maxLength: 100 },
        query: { type: 'string', maxLength: 2000 },
        columns: {
          type: 'object',
          nullable: true,
          properties: {
            order: { type: 'array', items: { type: 'string' }, maxItems: 200 },
            hidden: { type: 'array', items: { type: 'string' }, maxItems: 200 },
          },
        },
        roles: { type: 'array', items: { type: 'integer' }, maxItems: 50 },
      },
    },
    Config: {
      type: 'object',
      properties: {
        oidc: {
          type: 'object',
          nullable: true,
          properties: {
            issuer: { type: 'string', format: 'uri' },
            client_id: { type: 'string' },
            // Seconds; null: no maximum authentication age (docs/product.md §5).
            max_age: { type: 'integer', minimum: 1, nullable: true },
          },
          required: ['client_id', 'issuer', 'max_age'],
        },
        release: { type: 'string', nullable: true },
      },
      required: ['oidc', 'release'],
    },
  };
}

/** Paths of the auth and config endpoints under `prefix`. */
const VIEW_ID: JsonObject = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A unique integer value identifying this saved view.',
  schema: { type: 'integer' },
};

export function authPaths(prefix: string): PathsObject {
  const post = (operationId: string, tag: string, body: string, responses: SchemaObject) => ({
    post: { operationId, tags: [tag], requestBody: jsonBody(body), responses },
  });
  return {
    // The pair, or (a user with a second factor) a challenge for `auth/two_factor/`.
    [`${prefix}/auth/jwt/create/`]: post('auth_jwt_create_create', 'auth', 'TokenObtainPair', {
      '200': {
        description: '',
        content: {
          'application/json': {
            schema: { oneOf: [ref('TokenObtainPair'), ref('TwoFactorChallenge')] },
          },
        },
      },
    }),
    [`${prefix}/auth/jwt/refresh/`]: post('auth_jwt_refresh_create', 'auth', 'TokenRefresh', {
      '200': jsonResponse('TokenRefresh'),
    }),
    [`${prefix}/auth/jwt/blacklist/`]: post('auth_jwt_blacklist_create', 'auth', 'TokenBlacklist', {
      '200': jsonResponse('TokenBlacklist'),
    }),
    [`${prefix}/auth/two_factor/`]: {
      post: {
        operationId: 'auth_two_factor_create',
        description:
          'The second factor of a password sign-in: the challenge `auth/jwt/create/` answered ' +
          'and a TOTP code or a recovery code. After an enrolment the answer carries the ten ' +
          'recovery codes, shown once. 400 for a wrong code, 401 once the challenge is void, ' +
          '429 with Retry-After past the guesses a user may make.',
        tags: ['auth'],
        requestBody: jsonBody('TwoFactorCode'),
        responses: { '200': jsonResponse('TwoFactorTokens') },
      },
    },
    [`${prefix}/auth/me/two_factor/`]: {
      get: {
        operationId: 'auth_me_two_factor_retrieve',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('TwoFactorStatus') },
      },
    },
    [`${prefix}/auth/me/two_factor/setup/`]: {
      post: {
        operationId: 'auth_me_two_factor_setup_create',
        description: 'A new secret to enrol, confirmed by `auth/me/two_factor/confirm/`.',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('TwoFactorSetup') },
      },
    },
    [`${prefix}/auth/me/two_factor/confirm/`]: {
      post: {
        operationId: 'auth_me_two_factor_confirm_create',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('TwoFactorCode'),
        responses: { '200': jsonResponse('TwoFactorEnabled') },
      },
    },
    [`${prefix}/auth/me/two_factor/disable/`]: {
      post: {
        operationId: 'auth_me_two_factor_disable_create',
        description:
          'Turns the second factor off, with the current password; 400 when a role requires it. The other sessions end; the answer is the new pair of this one.',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('TwoFactorDisable'),
        responses: { '200': jsonResponse('AccountTokens') },
      },
    },
    [`${prefix}/users/{id}/reset_two_factor/`]: {
      post: {
        operationId: 'users_reset_two_factor',
        description:
          "Removes a user's second factor (a lost phone); audited. A superuser's only: they " +
          'enrol again at the next sign-in when a role requires it.',
        tags: ['users'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        security: JWT_SECURITY,
        'x-privilege': SUPERUSER,
        responses: { '204': NO_BODY },
      },
    },
    [`${prefix}/auth/me/`]: {
      get: {
        operationId: 'auth_me_retrieve',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('Me') },
      },
    },
    [`${prefix}/auth/me/password/`]: {
      post: {
        operationId: 'auth_me_password_create',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('PasswordChange'),
        responses: { '200': jsonResponse('AccountTokens') },
      },
    },
    [`${prefix}/auth/me/email/`]: {
      post: {
        operationId: 'auth_me_email_create',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('EmailChange'),
        responses: { '200': jsonResponse('AccountTokens') },
      },
    },
    // The signed-in user's sessions and signing out everywhere (server/auth/session-routes.ts).
    [`${prefix}/auth/me/sessions/`]: {
      get: {
        // Not `_list`: codegen makes a screen of every `_list` operation.
        operationId: 'auth_me_sessions_retrieve',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: {
          '200': {
            description: '',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Session' } },
              },
            },
          },
        },
      },
    },
    [`${prefix}/auth/me/sessions/{id}/`]: {
      delete: {
        operationId: 'auth_me_sessions_item_destroy',
        description: 'Ends one of the signed-in user’s sessions: its tokens stop working at once.',
        tags: ['auth'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        security: JWT_SECURITY,
        responses: { '204': NO_BODY },
      },
    },
    [`${prefix}/auth/me/sign_out_everywhere/`]: {
      post: {
        operationId: 'auth_me_sign_out_everywhere_create',
        description: 'Ends every session of the signed-in user, this one included.',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '204': NO_BODY },
      },
    },
    [`${prefix}/users/{id}/sign_out_everywhere/`]: {
      post: {
        operationId: 'users_sign_out_everywhere',
        description:
          'Ends every session of a user and voids their tokens; audited. Needs USERS and ' +
          'the right to manage that user (403 with the reason otherwise).',
        tags: ['users'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        security: JWT_SECURITY,
        'x-privilege': 'USERS',
        responses: { '204': NO_BODY },
      },
    },
    // The signed-in user's list preferences (server/auth/preferences.ts), at most 32 KiB.
    [`${prefix}/auth/me/preferences/`]: {
      get: {
        operationId: 'auth_me_preferences_retrieve',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('UserPreferences') },
      },
      put: {
        operationId: 'auth_me_preferences_update',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('UserPreferences'),
        responses: { '200': jsonResponse('UserPreferences') },
      },
    },
    // The lists' saved views (server/auth/views.ts), at most 100 per user.
    [`${prefix}/auth/me/views/`]: {
      get: {
        // Not `_list`: codegen makes a screen of every `_list` operation.
        operationId: 'auth_me_views_retrieve',
        tags: ['auth'],
        parameters: [
          {
            name: 'resource',
            in: 'query',
            required: false,
            description: 'Only the views of this list.',
            schema: { type: 'string' },
          },
        ],
        security: JWT_SECURITY,
        responses: {
          '200': {
            description: '',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/SavedView' } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'auth_me_views_create',
        tags: ['auth'],
        security: JWT_SECURITY,
        requestBody: jsonBody('SavedView'),
        responses: { '201': jsonResponse('SavedView') },
      },
    },
    [`${prefix}/auth/me/views/{id}/`]: {
      get: {
        operationId: 'auth_me_views_item_retrieve',
        tags: ['auth'],
        parameters: [VIEW_ID],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('SavedView') },
      },
      patch: {
        operationId: 'auth_me_views_item_partial_update',
        tags: ['auth'],
        parameters: [VIEW_ID],
        security: JWT_SECURITY,
        requestBody: jsonBody('PatchedSavedView', false),
        responses: { '200': jsonResponse('SavedView') },
      },
      delete: {
        operationId: 'auth_me_views_item_destroy',
        tags: ['auth'],
        parameters: [VIEW_ID],
        security: JWT_SECURITY,
        responses: { '204': NO_BODY },
      },
    },
    [`${prefix}/users/reset_password/`]: post(
      'users_reset_password_create',
      'users',
      'SendEmailReset',
      {
        '204': NO_BODY,
      },
    ),
    [`${prefix}/users/reset_password_confirm/`]: post(
      'users_reset_password_confirm_create',
      'users',
      'PasswordResetConfirm',
      { '204': NO_BODY },
    ),
    [`${prefix}/config/`]: {
      get: {
        operationId: 'config_retrieve',
        tags: ['config'],
        responses: { '200': jsonResponse('Config') },
      },
    },
  };
}
