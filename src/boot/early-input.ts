/**
 * What the user did on a server-rendered page before the app hydrated it, recorded by
 * `earlyStart` (docs/architecture.md "The server-rendered first page"): React replays what
 * happens once hydration has begun; this covers the time before.
 */
import type { EarlyField } from './early-start';

type Field = EarlyField[0];

/**
 * Gives `field` the value `value` as if typed, so that React's `onChange` fires (React's own
 * setter first sees another value, then `value` comes through the prototype's, as typing does).
 */
function typeInto(field: Field, value: string): void {
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!native) return;
  field.value = value === '' ? ' ' : '';
  native.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Ticks or clears `box` as a click does, React's `onChange` firing (see {@link typeInto}). */
function tick(box: HTMLInputElement, checked: boolean): void {
  box.checked = !checked;
  box.click();
}

/**
 * Stops recording and returns a function that replays, once, the last value of each field
 * still in the page, then the last click: call it before hydrating, the function once
 * hydrated (a page rendered afresh calls it only to stop).
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
