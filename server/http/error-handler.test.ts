import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forLog } from './error-handler';

describe('forLog', () => {
  it('drops query parameters from Drizzle errors but keeps the query and cause', () => {
    const cause = new Error('duplicate key value violates unique constraint "users_email_key"');
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash")\nvalues ($1, $2)',
      ['a@b.cz', 'scrypt$secret'],
      cause,
    );
    const logged = forLog(error);
    expect(logged.message).toBe(
      'Failed query: insert into "users" ("email", "password_hash")\nvalues ($1, $2)',
    );
    expect(logged.cause).toBe(cause);
    expect(
      JSON.stringify({ ...logged, message: logged.message, stack: logged.stack }),
    ).not.toContain('scrypt$secret');
  });

  it('leaves other errors alone', () => {
    const error = new Error('boom');
    expect(forLog(error)).toBe(error);
  });
});
