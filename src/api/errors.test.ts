import { describe, expect, it } from 'vitest';
import { ApiError, parseErrorBody } from './errors';

describe('parseErrorBody', () => {
  describe.each<[string, { given: unknown; want: ReturnType<typeof parseErrorBody> }]>([
    [
      'DRF detail (401, 403, 404)',
      {
        given: { detail: 'Not found.' },
        want: { detail: 'Not found.', code: null, fieldErrors: {}, nonFieldErrors: [] },
      },
    ],
    [
      'simplejwt token error keeps code, drops messages',
      {
        given: {
          detail: 'Given token not valid for any token type',
          code: 'token_not_valid',
          messages: [{ token_class: 'AccessToken', message: 'Token is expired' }],
        },
        want: {
          detail: 'Given token not valid for any token type',
          code: 'token_not_valid',
          fieldErrors: {},
          nonFieldErrors: [],
        },
      },
    ],
    [
      '400 with field and non-field errors',
      {
        given: { email: ['Enter a valid email address.'], non_field_errors: ['Bad pair.'] },
        want: {
          detail: null,
          code: null,
          fieldErrors: { email: ['Enter a valid email address.'] },
          nonFieldErrors: ['Bad pair.'],
        },
      },
    ],
    [
      'nested object errors nest',
      {
        given: { address: { zip_code: ['This field is required.'] } },
        want: {
          detail: null,
          code: null,
          fieldErrors: { address: { zip_code: ['This field is required.'] } },
          nonFieldErrors: [],
        },
      },
    ],
    [
      'a bare string field error becomes a list',
      {
        given: { name: 'Too long.' },
        want: {
          detail: null,
          code: null,
          fieldErrors: { name: ['Too long.'] },
          nonFieldErrors: [],
        },
      },
    ],
    [
      'a top-level list is non-field errors',
      {
        given: ['Something failed.'],
        want: { detail: null, code: null, fieldErrors: {}, nonFieldErrors: ['Something failed.'] },
      },
    ],
    [
      'HTML text gives empty parts',
      {
        given: '<html>Bad gateway</html>',
        want: { detail: null, code: null, fieldErrors: {}, nonFieldErrors: [] },
      },
    ],
    [
      'null gives empty parts',
      { given: null, want: { detail: null, code: null, fieldErrors: {}, nonFieldErrors: [] } },
    ],
    [
      'values of unknown shape are dropped',
      {
        given: { count: 3, name: ['ok'] },
        want: { detail: null, code: null, fieldErrors: { name: ['ok'] }, nonFieldErrors: [] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    it('splits the body', () => {
      expect(parseErrorBody(given)).toEqual(want);
    });
  });
});

describe('ApiError', () => {
  it.each<[string, { status: number; body: unknown; message: string; formErrors: string[] }]>([
    [
      'uses detail as message',
      {
        status: 404,
        body: { detail: 'Not found.' },
        message: 'Not found.',
        formErrors: ['Not found.'],
      },
    ],
    ['falls back to the status', { status: 502, body: null, message: 'HTTP 502', formErrors: [] }],
    [
      'puts non-field errors before detail',
      {
        status: 400,
        body: { non_field_errors: ['A'], detail: 'B' },
        message: 'B',
        formErrors: ['A', 'B'],
      },
    ],
  ])('%s', (_name, { status, body, message, formErrors }) => {
    const error = new ApiError(status, body);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.formErrors).toEqual(formErrors);
    expect(error.body).toBe(body);
  });
});
