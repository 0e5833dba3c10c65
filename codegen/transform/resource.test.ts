import { describe, expect, it } from 'vitest';
import { fieldModel } from '../testing';
import { idField } from './resource';

describe.each([
  ['id present', [fieldModel({ name: 'code' }), fieldModel({ name: 'id', kind: 'integer' })], 'id'],
  [
    'first read-only integer',
    [fieldModel({ name: 'code' }), fieldModel({ name: 'pk', kind: 'integer', readOnly: true })],
    'pk',
  ],
  ['else the first field', [fieldModel({ name: 'code' })], 'code'],
  ['no fields', [], 'id'],
])('idField: %s', (_name, fields, want) => {
  it(`is ${want}`, () => expect(idField(fields)).toBe(want));
});
