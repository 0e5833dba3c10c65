/**
 * `validityRule` (docs/architecture.md): dates keep "end not before start" (a one-day period has
 * `valid_to` = `valid_from`); date-times need the end strictly after the start, compared
 * as instants, on create (values parsed by the engine: `Date`) and on update (one bound
 * sent, the other stored).
 */
import { describe, expect, it } from 'vitest';
import type { ValidationContext } from './engine';
import { parseDateTime } from './engine';
import { VALID_TO_BEFORE_FROM, VALID_TO_NOT_AFTER_FROM, validityRule } from './rules';

/** A validation context with only what the rule reads (values and the stored row). */
function context(
  values: Record<string, unknown>,
  existing?: Record<string, unknown>,
): ValidationContext {
  return { values, existing } as unknown as ValidationContext;
}

/** A date-time as the engine hands it to rules after parsing the request. */
function at(iso: string): Date {
  const parsed = parseDateTime(iso);
  if (!parsed.ok) throw new Error(`not a date-time: ${iso}`);
  return parsed.value;
}

const rule = validityRule();

describe('validityRule on dates', () => {
  it('refuses an end before the start', async () => {
    expect(await rule(context({ valid_from: '2025-03-02', valid_to: '2025-03-01' }))).toEqual({
      valid_to: [VALID_TO_BEFORE_FROM],
    });
  });

  it('accepts a one-day period, a later end and an open end', async () => {
    expect(await rule(context({ valid_from: '2025-03-01', valid_to: '2025-03-01' }))).toBe(
      undefined,
    );
    expect(await rule(context({ valid_from: '2025-03-01', valid_to: '2025-12-31' }))).toBe(
      undefined,
    );
    expect(await rule(context({ valid_from: '2025-03-01', valid_to: null }))).toBe(undefined);
  });

  it('checks a sent end against the stored start', async () => {
    expect(
      await rule(context({ valid_to: '2024-12-31' }, { valid_from: '2025-01-01', valid_to: null })),
    ).toEqual({ valid_to: [VALID_TO_BEFORE_FROM] });
  });
});

describe('validityRule on date-times', () => {
  it('refuses an end before or equal to the start', async () => {
    const start = at('2025-03-01T10:00:00Z');
    expect(
      await rule(context({ valid_from: start, valid_to: at('2025-03-01T09:59:59Z') })),
    ).toEqual({ valid_to: [VALID_TO_NOT_AFTER_FROM] });
    expect(
      await rule(context({ valid_from: start, valid_to: at('2025-03-01T10:00:00Z') })),
    ).toEqual({ valid_to: [VALID_TO_NOT_AFTER_FROM] });
  });

  it('compares instants, whatever offset they were written with', async () => {
    // 11:30 in Prague (+01:00) is 10:30 UTC: after 10:00 UTC.
    expect(
      await rule(
        context({
          valid_from: at('2025-03-01T10:00:00Z'),
          valid_to: at('2025-03-01T11:30:00+01:00'),
        }),
      ),
    ).toBe(undefined);
    // 10:30 in Prague is 09:30 UTC: before. As strings it would look later.
    expect(
      await rule(
        context({
          valid_from: at('2025-03-01T10:00:00Z'),
          valid_to: at('2025-03-01T10:30:00+01:00'),
        }),
      ),
    ).toEqual({ valid_to: [VALID_TO_NOT_AFTER_FROM] });
  });

  it('checks a sent bound against the stored one (stored as a Date or an ISO string)', async () => {
    const stored = { valid_from: new Date('2025-03-01T10:00:00Z'), valid_to: null };
    expect(await rule(context({ valid_to: at('2025-03-01T08:00:00Z') }, stored))).toEqual({
      valid_to: [VALID_TO_NOT_AFTER_FROM],
    });
    expect(
      await rule(
        context(
          { valid_from: at('2025-03-02T00:00:00Z') },
          {
            valid_from: '2025-03-01T00:00:00Z',
            valid_to: '2025-03-01T12:00:00Z',
          },
        ),
      ),
    ).toEqual({ valid_to: [VALID_TO_NOT_AFTER_FROM] });
  });

  it('accepts a later end and an open end', async () => {
    const start = at('2025-03-01T10:00:00Z');
    expect(await rule(context({ valid_from: start, valid_to: at('2025-03-01T10:00:01Z') }))).toBe(
      undefined,
    );
    expect(await rule(context({ valid_from: start, valid_to: null }))).toBe(undefined);
  });

  it('takes other field names', async () => {
    const shift = validityRule('starts_at', 'ends_at');
    expect(
      await shift(
        context({ starts_at: at('2025-03-01T10:00:00Z'), ends_at: at('2025-03-01T10:00:00Z') }),
      ),
    ).toEqual({ ends_at: [VALID_TO_NOT_AFTER_FROM] });
  });
});
