/** The auth and config endpoints' part of the OpenAPI document (see `routes.ts`). */
import {
  JWT_SECURITY,
  NO_BODY,
  jsonBody,
  jsonResponse,
  type PathsObject,
  type SchemaObject,
} from '../openapi/types';

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
    SendEmailReset: {
      type: 'object',
      properties: { email: { type: 'string', format: 'email' } },
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
export function authPaths(prefix: string): PathsObject {
  const post = (operationId: string, tag: string, body: string, responses: SchemaObject) => ({
    post: { operationId, tags: [tag], requestBody: jsonBody(body), responses },
  });
  return {
    [`${prefix}/auth/jwt/create/`]: post('auth_jwt_create_create', 'auth', 'TokenObtainPair', {
      '200': jsonResponse('TokenObtainPair'),
    }),
    [`${prefix}/auth/jwt/refresh/`]: post('auth_jwt_refresh_create', 'auth', 'TokenRefresh', {
      '200': jsonResponse('TokenRefresh'),
    }),
    [`${prefix}/auth/jwt/blacklist/`]: post('auth_jwt_blacklist_create', 'auth', 'TokenBlacklist', {
      '200': jsonResponse('TokenBlacklist'),
    }),
    [`${prefix}/auth/me/`]: {
      get: {
        operationId: 'auth_me_retrieve',
        tags: ['auth'],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse('Me') },
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
