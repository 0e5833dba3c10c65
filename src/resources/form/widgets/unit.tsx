/** The unit beside a number input (`ui:options.unit`, from the API's `x-unit`). */

/** A number's unit (`CZK`, `kWh`) as an input's right element, or undefined without one. */
export function unitElement(unit: unknown) {
  return typeof unit === 'string' && unit !== '' ? (
    <span className="joule-unit">{unit}</span>
  ) : undefined;
}
