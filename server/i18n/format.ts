/**
 * Numbers and dates inside the API's messages, written as each language writes them
 * (docs/product.md: `20 983,040 kWh` in Czech, `20,983.040 kWh` in
 * English; `31. 12. 2025` / `12/31/2025`), with `Intl` in the locales the SPA uses
 * (`cs-CZ`, and docs/product.md §9's default date locale `en-US`).
 */
import { text, type Lang, type Text } from './text';

/** The BCP 47 locale of each language the API answers in. */
export const LOCALES: Readonly<Record<Lang, string>> = { en: 'en-US', cs: 'cs-CZ' };

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A decimal as text in both languages, every digit kept and as many fraction digits as
 * `value` has (`'20983.040'` → en `20,983.040`, cs `20 983,040` with a no-break space).
 * Anything that is not a plain decimal comes back unchanged in both.
 */
export function decimalText(value: string): Text {
  const match = DECIMAL.exec(value.trim());
  if (!match) return text(value, value);
  const places = match[1]?.length ?? 0;
  const format = (lang: Lang) =>
    new Intl.NumberFormat(LOCALES[lang], {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      // A string keeps every digit (Intl.NumberFormat v3); a number would round.
    }).format(value.trim() as `${number}`);
  return text(format('en'), format('cs'));
}

/**
 * A calendar date `YYYY-MM-DD` as text in both languages (`2025-12-31` → en `12/31/2025`,
 * cs `31. 12. 2025`), the same way the SPA shows dates. Anything else comes back unchanged.
 */
export function dateText(value: string): Text {
  const match = ISO_DATE.exec(value);
  if (!match) return text(value, value);
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const format = (lang: Lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(day);
  return text(format('en'), format('cs'));
}
