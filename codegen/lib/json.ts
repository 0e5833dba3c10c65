/**
 * Guards for reading untrusted JSON (a schema from any back-end) without casts, and the one
 * JSON text format codegen writes. Codegen must degrade, never crash, on odd input.
 */

/** A parsed JSON object. */
export type JsonRecord = { readonly [key: string]: unknown };

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a JSON object, else an empty one. */
export function asRecord(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

/** The value when it is a string, else undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value when it is a finite number (or a numeric string, as DRF sends decimals), else undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** The value when it is a boolean, else undefined. */
export function asBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The value when it is an array, else an empty one. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The strings of an array value; other items are dropped. */
export function asStringArray(value: unknown): readonly string[] {
  return asArray(value).filter((item): item is string => typeof item === 'string');
}

/**
 * JSON text as codegen writes it to disk: two-space indent, a final newline, keys in the
 * order given (callers sort where order carries no meaning).
 */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A copy of a flat string map with its keys sorted by code unit, for stable catalogues. */
export function sortKeys(map: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...map.keys()].sort()) out[key] = map.get(key) ?? '';
  return out;
}

/**
 * `{[key]: value}` when value is defined, else `{}`: builds objects without `undefined`
 * members, so generated output never carries them.
 */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  const out: { [P in K]?: V } = {};
  if (value !== undefined) out[key] = value;
  return out;
}
