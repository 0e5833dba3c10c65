/** OpenAPI fragments are plain JSON objects; these aliases name what a value stands for. */
import type { JsonValue } from '../resources/engine';

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** An OpenAPI Schema Object. */
export type SchemaObject = JsonObject;

/** OpenAPI Path Item Objects by path. */
export type PathsObject = Record<string, JsonObject>;

/** `#/components/schemas/<name>` reference. */
export function ref(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** A JSON request body of schema `name` (optional for PATCH, as drf-spectacular has it). */
export function jsonBody(name: string, required = true): JsonObject {
  return {
    content: { 'application/json': { schema: ref(name) } },
    ...(required && { required: true }),
  };
}

/** A JSON response of schema `name`. */
export function jsonResponse(name: string): JsonObject {
  return { content: { 'application/json': { schema: ref(name) } }, description: '' };
}

/** The answer of an operation without a body (drf-spectacular's wording). */
export const NO_BODY: JsonObject = { description: 'No response body' };

/** Security requirement of operations that need a bearer token. */
export const JWT_SECURITY: JsonValue[] = [{ jwtAuth: [] }];

/** `object` with keys sorted, for stable output of maps built in any order. */
export function sortKeys<T>(object: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
