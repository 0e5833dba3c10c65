/** Field builders shared by the resource definitions. */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { text } from '../../i18n/text';
import type { StringField } from '../engine';

/**
 * An optional text field: up to `maxLength` characters, blank allowed and the default
 * (docs/api.md: DRF `CharField(allow_blank=True, default='')`), labelled in English and Czech.
 */
export const optionalText = (
  column: AnyPgColumn,
  en: string,
  cs: string,
  maxLength: number,
): StringField => ({
  type: 'string',
  column,
  label: text(en, cs),
  maxLength,
  allowBlank: true,
  default: '',
});
