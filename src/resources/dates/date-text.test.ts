import { describe, expect, it } from 'vitest';
import {
  formatDateText,
  formatDateTimeText,
  formatMonthText,
  parseDateText,
  parseDateTimeText,
  parseMonthText,
} from './date-text';
import { createFormatters } from '../list/format';

const CS = 'cs-CZ';
const EN = 'en-US';

describe.each([
  [CS, '1. 4. 2025', '2025-04-01'],
  [CS, '1.4.2025', '2025-04-01'],
  [CS, ' 01. 04. 2025 ', '2025-04-01'],
  [CS, '2025-04-01', '2025-04-01'],
  [CS, '2025-4-1', '2025-04-01'],
  [CS, '29. 2. 2024', '2024-02-29'],
  [CS, '29. 2. 2025', null],
  [CS, '32. 13. 2026', null],
  [CS, '4/1/2025', null],
  [CS, '1. 4. 25', null],
  [CS, 'zítra', null],
  [EN, '4/1/2025', '2025-04-01'],
  [EN, '2025-04-01', '2025-04-01'],
  [EN, '13/1/2025', null],
  [EN, '1. 4. 2025', null],
])('parseDateText in %s: %j', (locale, text, want) => {
  it(`→ ${want}`, () => expect(parseDateText(text, locale)).toBe(want));
});

describe('the text shown is the lists’ text, and reads back as the same value', () => {
  it.each([CS, EN])('%s', (locale) => {
    const lists = createFormatters(locale);
    for (const iso of ['2025-04-01', '2024-12-31', '2026-02-28']) {
      expect(formatDateText(iso, locale)).toBe(lists.date(iso));
      expect(parseDateText(formatDateText(iso, locale), locale)).toBe(iso);
    }
    const instant = new Date(2025, 3, 1, 20, 5).toISOString();
    expect(formatDateTimeText(instant, locale)).toBe(lists.datetime(instant));
    expect(parseDateTimeText(formatDateTimeText(instant, locale), locale)?.toISOString()).toBe(
      instant,
    );
  });
});

describe.each([
  [CS, '1. 4. 2025 8:00', new Date(2025, 3, 1, 8, 0)],
  [CS, '1.4.2025 20:05', new Date(2025, 3, 1, 20, 5)],
  [CS, '1. 4. 2025 8:00:30', new Date(2025, 3, 1, 8, 0, 30)],
  [CS, '2025-04-01 08:00', new Date(2025, 3, 1, 8, 0)],
  [CS, '2025-04-01T08:00', new Date(2025, 3, 1, 8, 0)],
  [CS, '2025-04-01T06:00:00Z', new Date(Date.UTC(2025, 3, 1, 6, 0))],
  [CS, '2025-04-01T08:00:00+02:00', new Date(Date.UTC(2025, 3, 1, 6, 0))],
  [CS, '1. 4. 2025 24:00', null],
  [CS, '1. 4. 2025', null],
  [CS, '31. 2. 2025 8:00', null],
  [EN, '4/1/2025, 8:00 AM', new Date(2025, 3, 1, 8, 0)],
  [EN, '4/1/2025 8:00 PM', new Date(2025, 3, 1, 20, 0)],
  [EN, '4/1/2025, 12:00\u202fAM', new Date(2025, 3, 1, 0, 0)],
  [EN, '4/1/2025 20:00', new Date(2025, 3, 1, 20, 0)],
  [EN, '4/1/2025 13:00 PM', null],
])('parseDateTimeText in %s: %j', (locale, text, want) => {
  it(`→ ${want?.toISOString() ?? null}`, () =>
    expect(parseDateTimeText(text, locale)?.getTime() ?? null).toBe(want?.getTime() ?? null));
});

describe.each([
  [CS, '2025-04', '2025-04'],
  [CS, '4/2025', '2025-04'],
  [CS, '4. 2025', '2025-04'],
  [CS, '04.2025', '2025-04'],
  [CS, 'duben 2025', '2025-04'],
  [CS, 'Březen 2025', '2025-03'],
  [CS, 'brezen 2025', '2025-03'],
  [CS, 'pro 2025', '2025-12'],
  [CS, '13/2025', null],
  [CS, 'April 2025', null],
  [EN, 'April 2025', '2025-04'],
  [EN, 'apr 2025', '2025-04'],
  [EN, '12/2025', '2025-12'],
  [EN, 'Ap 2025', null],
])('parseMonthText in %s: %j', (locale, text, want) => {
  it(`→ ${want}`, () => expect(parseMonthText(text, locale)).toBe(want));
});

describe('formatMonthText', () => {
  it.each([
    [CS, '2025-12', 'prosinec 2025'],
    [EN, '2025-12', 'December 2025'],
    [CS, 'bad', 'bad'],
  ])('%s %s → %s', (locale, month, want) => {
    expect(formatMonthText(month, locale)).toBe(want);
    if (want !== 'bad') expect(parseMonthText(want, locale)).toBe(month);
  });
});
