/**
 * The clicks on a server-rendered page before the app hydrated it (`earlyStart` records them
 * in `window.__jouleClicks`): the page shows its rows and buttons before their code has
 * loaded, and a click there would otherwise do nothing (docs/architecture.md "The
 * server-rendered first page"). React replays what is clicked once hydration has begun; this
 * covers the time before.
 */

/**
 * Stops recording and returns a function that replays the last recorded click, once (a new
 * `click` on the same element, if it is still in the page): call it before hydrating, and
 * the function once the page is hydrated. A page rendered afresh calls it only to stop.
 */
export function takeEarlyClicks(): () => void {
  const clicks = window.__jouleClicks ?? [];
  delete window.__jouleClicks;
  let last = clicks.at(-1);
  return () => {
    const element = last;
    last = undefined; // once (React's development build runs effects twice)
    if (!element?.isConnected) return;
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };
}
