/**
 * Units of numbers (**Joule**, docs/product.md): a field declares the unit of its value
 * (`unit`, e.g. `CZK`, `kWh`, `A`) and, for a price, what it is paid for (`per`, e.g. `MWh`,
 * `month`, `A/month`). Labels never repeat the unit: clients show it once, beside the value
 * in a form and in a list's column header.
 *
 * Published as:
 * - OpenAPI `x-unit`: the unit and its basis as one machine-readable code, `CZK`,
 *   `CZK/MWh`, `CZK/A/month` (the same in every language);
 * - OPTIONS `unit` (beside DRF's keys): its display form in the request's language,
 *   `Kč/MWh`, `Kč/A/měsíc` (cs), `CZK/MWh`, `CZK/A/month` (en).
 */
import type { Lang, Text } from '../../i18n/text';
import { text } from '../../i18n/text';

/** The unit of a number. `%` is a percentage. */
export type UnitSymbol = 'CZK' | 'kWh' | 'MWh' | 'kW' | 'A' | '%';

/** What a price is paid for: per MWh, per month, per A and month. */
export type UnitBasis = 'MWh' | 'month' | 'A/month';

/** Symbols written differently per language; the rest are the same everywhere. */
const LOCALIZED: Readonly<Record<string, Text>> = {
  CZK: text('CZK', 'Kč'),
  month: text('month', 'měsíc'),
};

/** The `x-unit` code of a unit with its optional basis: `CZK`, `CZK/MWh`, `CZK/A/month`. */
export function unitCode(unit: UnitSymbol, per?: UnitBasis): string {
  return per === undefined ? unit : `${unit}/${per}`;
}

/**
 * The display form of a unit code in `lang`, each `/`-separated symbol localized:
 * `CZK/A/month` → `Kč/A/měsíc` (cs), `CZK/A/month` (en).
 */
export function unitDisplay(code: string, lang: Lang): string {
  return code
    .split('/')
    .map((symbol) => LOCALIZED[symbol]?.[lang] ?? symbol)
    .join('/');
}
