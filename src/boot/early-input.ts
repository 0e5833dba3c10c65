/**
 * What the user did on a server-rendered page before the app hydrated it (`earlyStart`
 * records it in `window.__jouleClicks` and `window.__jouleFields`): the page shows its rows,
 * buttons and fields before their code has loaded (docs/architecture.md "The server-rendered
 * first page"). A click there would otherwise do nothing, and what was typed, chosen or
 * ticked in a field would be undone by the app's next render of that field. React replays
 * what happens once hydration has begun; this covers the time before.
 */
import type { EarlyField } from './early-start';

type Field = EarlyField[0];

/**
 * Gives `field` the value `value` as if typed: React's `onChange` fires. React watches a
 * field's `value` through a setter of its own on the element, and reports a change only when
 * the value differs from the last one that setter saw; so the value is set to another one
 * through that setter, then to `value` past it (the prototype's), as a browser does when the
 * user types.
 */
function typeInto(field: Field, value: string): void {
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!native) return;
  field.value = value === '' ? ' ' : '';
  native.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Ticks or clears `box` as a click does, React's `onChange` firing: React's own setter is
 * given the other state first (see {@link typeInto}), and the click turns it.
 */
function tick(box: HTMLInputElement, checked: boolean): void {
  box.checked = !checked;
  box.click();
}

/**
 * Stops recording and returns a function that replays, once, the last value given to each
 * field still in the page, then the last recorded click (a new `click` on the same element,
 * if it is still in the page): call it before hydrating, and the function once the page is
 * hydrated. A page rendered afresh calls it only to stop.
 */
export function takeEarlyInput(): () => void {
  const clicks = window.__jouleClicks ?? [];
  const fields = window.__jouleFields ?? [];
  delete window.__jouleClicks;
  delete window.__jouleFields;
  let last = clicks.at(-1);
  let values = new Map<Field, string | boolean>(fields);
  return () => {
    const element = last;
    const given = values;
    // Once (React's development build runs effects twice).
    last = undefined;
    values = new Map();
    for (const [field, value] of given) {
      if (!field.isConnected) continue;
      if (typeof value === 'boolean') tick(field as HTMLInputElement, value);
      else typeInto(field, value);
    }
    if (!element?.isConnected) return;
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };
}
