/**
 * Reading the small fixed bodies of the auth endpoints with DRF's messages: each named
 * field must be a non-blank string.
 */
import { ValidationError, type FieldErrors } from '../http/errors';
import { messages } from '../i18n/messages';
import { pythonTypeName } from '../resources/engine';

/** Options per field: whether surrounding whitespace is trimmed (DRF's default: yes). */
type StringFields<K extends string> = Readonly<Record<K, { readonly trim: boolean }>>;

/** The named string fields of `body`; throws a 400 {@link ValidationError} listing problems. */
export function readStrings<K extends string>(
  body: unknown,
  fields: StringFields<K>,
): Record<K, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({
      non_field_errors: [messages.notADictionary(pythonTypeName(body))],
    });
  }
  const input = body as Record<string, unknown>;
  const values: Partial<Record<K, string>> = {};
  const errors: FieldErrors = {};
  for (const [name, options] of Object.entries(fields) as [K, { trim: boolean }][]) {
    const raw = Object.hasOwn(input, name) ? input[name] : undefined;
    if (raw === undefined) errors[name] = [messages.required];
    else if (raw === null) errors[name] = [messages.notNull];
    else if (typeof raw !== 'string' && typeof raw !== 'number')
      errors[name] = [messages.invalidString];
    else {
      const value = options.trim ? String(raw).trim() : String(raw);
      if (value === '') errors[name] = [messages.blank];
      else values[name] = value;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values as Record<K, string>;
}
