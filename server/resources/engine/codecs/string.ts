import { messages } from '../../../i18n/messages';
import type { Text } from '../../../i18n/text';
import type { StringField } from '../types';
import { fail, ok, type FieldCodec } from './codec';

// Close to Django's EmailValidator: a dot-atom local part and a domain of labels with a
// top-level label of letters (or punycode), or `localhost`.
const LOCAL_PART = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*$/;
const DOMAIN =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9]{1,59})$/iu;

/** True for an address Django's EmailValidator would accept (close approximation). */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return false;
  const domain = value.slice(at + 1);
  return (
    LOCAL_PART.test(value.slice(0, at)) &&
    (domain.toLowerCase() === 'localhost' || DOMAIN.test(domain))
  );
}

/** `string` and `email` fields (DRF CharField / EmailField). */
export const stringCodec: FieldCodec<StringField> = {
  fromJson(input, field) {
    // DRF's CharField takes numbers as their text, but not booleans, lists or objects.
    if (typeof input !== 'string' && typeof input !== 'number') {
      return fail(messages.invalidString);
    }
    let value = String(input);
    if (field.trimWhitespace ?? true) value = value.trim();
    if (value === '') return field.allowBlank ? ok('') : fail(messages.blank);
    if (field.normalize) value = field.normalize(value);
    const errors: Text[] = [];
    if (value.includes('\0')) errors.push(messages.nullCharacters);
    if (field.maxLength !== undefined && value.length > field.maxLength) {
      errors.push(messages.maxLength(field.maxLength));
    }
    if (field.minLength !== undefined && value.length < field.minLength) {
      errors.push(messages.minLength(field.minLength));
    }
    if (field.type === 'email' && !isEmailAddress(value)) errors.push(messages.invalidEmail);
    if (field.pattern && !field.pattern.regex.test(value)) errors.push(field.pattern.message);
    return errors.length > 0 ? fail(...errors) : ok(value);
  },
  toJson: (stored) => String(stored),
  fromQuery(query, field) {
    if (query.includes('\0')) return fail(messages.nullCharacters);
    return ok(field.normalize ? field.normalize(query) : query);
  },
};
