import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api';
import { toRjsfErrors, type FormErrorParts } from './rjsf-errors';

describe.each<[string, { given: { error: unknown; fields?: string[] }; want: FormErrorParts }]>([
  [
    'field errors',
    {
      given: { error: new ApiError(400, { email: ['Enter a valid email address.'] }) },
      want: {
        extraErrors: { email: { __errors: ['Enter a valid email address.'] } },
        formErrors: [],
      },
    },
  ],
  [
    'nested objects',
    {
      given: { error: new ApiError(400, { address: { zip_code: ['Too long.'] } }) },
      want: { extraErrors: { address: { zip_code: { __errors: ['Too long.'] } } }, formErrors: [] },
    },
  ],
  [
    'non-field errors and detail',
    {
      given: { error: new ApiError(400, { non_field_errors: ['Overlap.'], detail: 'Refused.' }) },
      want: { extraErrors: {}, formErrors: ['Overlap.', 'Refused.'] },
    },
  ],
  [
    'errors of fields the form does not show',
    {
      given: {
        error: new ApiError(400, { name: ['Required.'], owner: ['Gone.'] }),
        fields: ['name'],
      },
      want: { extraErrors: { name: { __errors: ['Required.'] } }, formErrors: ['owner: Gone.'] },
    },
  ],
  [
    'a network error',
    { given: { error: new NetworkError(null) }, want: { extraErrors: {}, formErrors: [] } },
  ],
  [
    'a plain error',
    { given: { error: new Error('x') }, want: { extraErrors: {}, formErrors: [] } },
  ],
])('toRjsfErrors of %s', (_name, { given, want }) => {
  it('splits the messages', () => {
    expect(toRjsfErrors(given.error, given.fields)).toEqual(want);
  });
});
