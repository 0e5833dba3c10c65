/**
 * How the end-to-end tests (playwright.config.ts) and the UI bench (bench/ui.ts) launch
 * Debian's Chromium: headless, as root in a container (`--no-sandbox`), without a GPU.
 */

/**
 * Turns off Chromium's WebUI omnibox popup. In recent versions (156 here) the address bar's
 * popup is a WebUI page the browser builds for each new window, and in headless mode each
 * fresh context is a new window: that page loads at the very time the page under test does,
 * on the same two cores. A user's browser did it once, when its window opened, not when
 * Joule's page loaded; on the 2-core machine it added some 40 % to every timing of
 * `npm run bench:ui`, the bare reference page's too.
 */
export const BROWSER_UI_OFF =
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';

/** The arguments both launch Chromium with. */
export const CHROMIUM_ARGS: readonly string[] = ['--no-sandbox', '--disable-gpu', BROWSER_UI_OFF];
