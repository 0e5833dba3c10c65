/**
 * Reading the small fixed bodies of the auth endpoints with DRF's messages: each named
 * field must be a non-blank string; an e-mail field is bounded and checked for its syntax
 * before anything is looked up or hashed.
 */
import { ValidationError, type FieldErrors } from '../http/errors';
import { messages } from '../i18n/messages';
import { isEmailAddress, pythonTypeName } from '../resources/engine';

/** Longest e-mail address accepted anywhere (RFC 5321's path limit; docs/security.md "Throttling and bounded input"). */
export const EMAIL_MAX_LENGTH = 254;

/** How one field is read. */
interface StringFieldOptions {
  /** Surrounding whitespace is trimmed (DRF's default: yes). */
  readonly trim: boolean;
  /**
   * An e-mail address: a JSON string (not a number), at most {@link EMAIL_MAX_LENGTH}
   * characters and of an address's syntax. @default false
   */
  readonly email?: boolean;
  /** Only a JSON string is accepted (DRF's CharField also takes a number). @default false */
  readonly stringOnly?: boolean;
}

/** Options per field. */
type StringFields<K extends string> = Readonly<Record<K, StringFieldOptions>>;

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
  for (const [name, options] of Object.entries(fields) as [K, StringFieldOptions][]) {
    const raw = Object.hasOwn(input, name) ? input[name] : undefined;
    const stringOnly = options.stringOnly || options.email;
    if (raw === undefined) errors[name] = [messages.required];
    else if (raw === null) errors[name] = [messages.notNull];
    else if (typeof raw !== 'string' && (stringOnly || typeof raw !== 'number'))
      errors[name] = [messages.invalidString];
    else {
      const value = options.trim ? String(raw).trim() : String(raw);
      if (value === '') errors[name] = [messages.blank];
      else if (options.email && value.length > EMAIL_MAX_LENGTH)
        errors[name] = [messages.maxLength(EMAIL_MAX_LENGTH)];
      else if (options.email && !isEmailAddress(value)) errors[name] = [messages.invalidEmail];
      else values[name] = value;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values as Record<K, string>;
}
