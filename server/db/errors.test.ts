/** Which errors mean "the database is unavailable" (503) and which do not (`errors.ts`). */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01 admin_shutdown', withCode('57P01')],
    ['57P02 crash_shutdown', withCode('57P02')],
    ['57P03 cannot_connect_now', withCode('57P03')],
    ['57014 statement timeout', withCode('57014')],
    ['08006 connection failure', withCode('08006')],
    ['08001 cannot establish', withCode('08001')],
    ['53300 too many connections', withCode('53300')],
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['ETIMEDOUT', withCode('ETIMEDOUT')],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    [
      'connect timeout',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
    ['pool queue timeout', new Error('timeout exceeded when trying to connect')],
    ['closed client', new Error('Client was closed and is not queryable')],
    [
      'wrapped by Drizzle',
      new DrizzleQueryError('select 1', [], withCode('57P01', 'terminating connection')),
    ],
    [
      'an AggregateError of both address families',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ],
  ])('%s → yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['serialization failure', withCode('40001')],
    ['syntax error', withCode('42601')],
    ['plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
    ['undefined', undefined],
  ])('%s → no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
