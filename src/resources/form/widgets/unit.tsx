/**
 * The unit beside a number input (docs/product.md): `ui:options.unitLabel` (the message id
 * of the unit's display form, from the API's OPTIONS `unit`: `Kč/MWh` in Czech, `CZK/MWh`
 * in English), else `ui:options.unit` (the API's `x-unit` code) as it is. The field's label
 * does not repeat it.
 */
import { useIntl } from 'react-intl';

/** The unit's text in the UI language, or undefined when the field has none. */
export function useUnitText(options: Readonly<Record<string, unknown>>): string | undefined {
  const intl = useIntl();
  const code = typeof options.unit === 'string' && options.unit !== '' ? options.unit : undefined;
  const id = typeof options.unitLabel === 'string' ? options.unitLabel : undefined;
  if (id !== undefined) return intl.formatMessage({ id, defaultMessage: code ?? '' }) || code;
  return code;
}

/** A number's unit (`Kč`, `kWh`) as an input's right element, or undefined without one. */
export function unitElement(unit: string | undefined) {
  return unit === undefined || unit === '' ? undefined : <span className="joule-unit">{unit}</span>;
}
