import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { createIntl } from 'react-intl';
import cs from '../../../locales/cs.json';
import { createErrorTransformer, uiAt } from './validation';

const intl = createIntl({
  locale: 'cs',
  messages: {
    ...cs,
    'custom.date': 'Cejch musí být ve formátu {format}',
    'custom.phone': 'Zadejte platné telefonní číslo, např. +420 777 123 456.',
  },
});
const transform = createErrorTransformer((d, v) => intl.formatMessage(d, v));
const uiSchema = {
  price: { 'ui:widget': 'decimal' },
  calibration_date: { 'ui:options': { dateMessageId: 'custom.date' } },
  address: { zip_code: { 'ui:widget': 'text' } },
  phone: { 'ui:options': { patternMessageId: 'custom.phone' } },
};

function error(name: string, property: string, params: object = {}): RJSFValidationError {
  return { name, property, params, message: 'ajv', stack: 'ajv' };
}

describe.each<[string, RJSFValidationError, string]>([
  ['required', error('required', '.name'), 'Toto pole je povinné.'],
  ['maxLength', error('maxLength', '.name', { limit: 30 }), 'Nejvýše 30 znaků.'],
  ['maxLength of 2', error('maxLength', '.name', { limit: 2 }), 'Nejvýše 2 znaky.'],
  [
    'a date format',
    error('format', '.valid_from', { format: 'date' }),
    'Datum musí být ve formátu D. M. RRRR',
  ],
  [
    'a field’s own date message',
    error('format', '.calibration_date', { format: 'date' }),
    'Cejch musí být ve formátu D. M. RRRR',
  ],
  [
    'an e-mail',
    error('format', '.email', { format: 'email' }),
    'Zadejte platnou e-mailovou adresu.',
  ],
  ['a decimal pattern', error('pattern', '.price', { pattern: 'x' }), 'Zadejte číslo'],
  [
    'another pattern',
    error('pattern', '.address.zip_code', { pattern: 'x' }),
    'Hodnota nemá očekávaný formát.',
  ],
  [
    'a field’s own pattern message',
    error('pattern', '.phone', { pattern: 'x' }),
    'Zadejte platné telefonní číslo, např. +420 777 123 456.',
  ],
  ['a number type', error('type', '.count', { type: 'integer,null' }), 'Zadejte číslo'],
  ['an unknown keyword', error('const', '.x'), 'ajv'],
])('transformErrors: %s', (_name, given, want) => {
  it(`says "${want}"`, () => {
    expect(transform([given], uiSchema)[0]?.message).toBe(want);
  });
});

describe('transformErrors', () => {
  it('keeps only "required" for a missing field', () => {
    const errors = [error('type', '.name', { type: 'string' }), error('required', '.name')];
    expect(transform(errors, uiSchema).map((e) => e.name)).toEqual(['required']);
  });

  it.each([
    ['.address.zip_code', { 'ui:widget': 'text' }],
    ['.items.0', {}],
    ['', uiSchema],
  ])('uiAt(%s)', (property, want) => {
    expect(uiAt(uiSchema, property)).toEqual(want);
  });
});
