/** Structural equality of JSON values (what a form holds: scalars, arrays, plain objects). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => jsonEqual(left[key], right[key]));
}

/**
 * The fields a PATCH must send (docs/api.md "Resources": PATCH takes changed fields only): every
 * key whose value in `current` differs from `initial`. A key the form dropped (rjsf drops
 * emptied inputs) becomes `null`; `''` where there was nothing is no change. With `fields`, only those keys are compared — the form's
 * writable fields, so read-only values the server sent are never echoed back.
 *
 * @returns a new object; empty when nothing changed.
 */
export function changedFields(
  initial: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  fields?: readonly string[],
): Record<string, unknown> {
  const keys = fields ?? [...new Set([...Object.keys(initial), ...Object.keys(current)])];
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    const before = initial[key] ?? null;
    // An emptied input over a value that was never there is no change.
    const after = before === null && current[key] === '' ? null : (current[key] ?? null);
    if (!jsonEqual(before, after)) changes[key] = after;
  }
  return changes;
}
