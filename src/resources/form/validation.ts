/**
 * Client-side validation messages in the UI language: ajv's English keyword messages
 * replaced by `app.resources.*` messages, dates with docs/product.md §5's text ("Date must be in
 * M/D/YYYY" / "Datum musí být ve formátu D. M. RRRR").
 */
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import type { MessageDescriptor } from 'react-intl';
import { dateMessages } from '../dates/messages';
import { dialogMessages } from '../dialog-messages';

/** `intl.formatMessage`, narrowed to what the transformer needs. */
export type FormatMessage = (
  descriptor: MessageDescriptor,
  values?: Record<string, string | number>,
) => string;

type Ui = Record<string, unknown>;

/** The uiSchema entry of an error's property (`.address.zip_code`, `.roles.0`). */
export function uiAt(uiSchema: Ui | undefined, property: string | undefined): Ui {
  let node: Ui = uiSchema ?? {};
  const path = (property ?? '').split('.').filter(Boolean);
  for (const key of path) {
    const next = /^\d+$/.test(key) ? node.items : node[key];
    node = next && typeof next === 'object' ? (next as Ui) : {};
  }
  return node;
}

function option(ui: Ui, key: string): unknown {
  const options = ui['ui:options'];
  return options && typeof options === 'object' ? (options as Ui)[key] : undefined;
}

/** The date format error of a field: its own message id (`ui:options.dateMessageId`) or the default. */
export function dateMessage(format: FormatMessage, ui: Ui, kind: 'date' | 'datetime'): string {
  const pattern = format(kind === 'date' ? dateMessages.datePattern : dateMessages.dateTimePattern);
  const id = option(ui, 'dateMessageId');
  const fallback = kind === 'date' ? dateMessages.dateFormat : dateMessages.dateTimeFormat;
  return format(typeof id === 'string' ? { ...fallback, id } : fallback, { format: pattern });
}

/**
 * The pattern error of a field: a decimal's "enter a number", else the field's own message
 * id (`ui:options.patternMessageId`, e.g. a phone number naming an example) or the default.
 */
export function patternMessage(format: FormatMessage, ui: Ui): string {
  if (ui['ui:widget'] === 'decimal') return format(dialogMessages.invalidNumber);
  const id = option(ui, 'patternMessageId');
  return format(
    typeof id === 'string' ? { ...dialogMessages.invalidFormat, id } : dialogMessages.invalidFormat,
  );
}

function localize(error: RJSFValidationError, format: FormatMessage, ui: Ui): string | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = typeof params.limit === 'number' ? params.limit : 0;
  switch (error.name) {
    case 'required':
      return format(dialogMessages.required);
    case 'maxLength':
      return format(dialogMessages.maxLength, { limit });
    case 'minLength':
      // A blank field a condition requires (`then: {minLength: 1}`) is simply missing.
      return format(limit === 1 ? dialogMessages.required : dialogMessages.minLength, { limit });
    case 'maximum':
      return format(dialogMessages.maximum, { limit });
    case 'minimum':
      return format(dialogMessages.minimum, { limit });
    case 'format':
      if (params.format === 'date') return dateMessage(format, ui, 'date');
      if (params.format === 'date-time') return dateMessage(format, ui, 'datetime');
      return format(
        params.format === 'email' ? dialogMessages.invalidEmail : dialogMessages.invalidValue,
      );
    case 'type':
      return /integer|number/.test(String(params.type))
        ? format(dialogMessages.invalidNumber)
        : format(dialogMessages.invalidValue);
    case 'pattern':
      return patternMessage(format, ui);
    case 'enum':
    case 'uniqueItems':
      return format(dialogMessages.invalidValue);
    default:
      return undefined;
  }
}

/**
 * An rjsf `transformErrors` that puts every known ajv keyword into the UI language. For a
 * property that was required, the `required` message alone is kept (ajv may add a type
 * error for the same empty field); `if` summaries of a conditional `then` are dropped.
 */
export function createErrorTransformer(format: FormatMessage): ErrorTransformer {
  return (errors, uiSchema) => {
    const required = new Set(
      errors.filter((error) => error.name === 'required').map((error) => error.property),
    );
    // An `if`/`then` failure only repeats the `then` keyword's own error (form-schema.ts).
    return errors
      .filter((error) => error.name !== 'if')
      .filter((error) => error.name === 'required' || !required.has(error.property))
      .map((error) => {
        const ui = uiAt(uiSchema as Ui | undefined, error.property);
        const message = localize(error, format, ui);
        return message === undefined ? error : { ...error, message, stack: message };
      });
  };
}
