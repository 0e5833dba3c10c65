/** Colour themes (docs/product.md §1): Blueprint's dark class, plus our own class for Dark Blue. */
import { Classes } from '@blueprintjs/core';
import type { Theme } from '../i18n';

/** Class that tints Blueprint's dark theme blue (styles in app.css). */
export const DARK_BLUE_CLASS = 'joule-theme-dark-blue';

/**
 * Puts the theme's classes on `root` (the `<html>` element, so that overlays portalled to
 * `<body>` follow). `index.html` does the same before first paint.
 */
export function applyTheme(theme: Theme, root: Element = document.documentElement): void {
  root.classList.toggle(Classes.DARK, theme !== 'light');
  root.classList.toggle(DARK_BLUE_CLASS, theme === 'darkBlue');
}
