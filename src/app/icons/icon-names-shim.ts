/**
 * Stands in for `@blueprintjs/icons/lib/esm/iconNames.js` in the production build
 * (build/aliases.ts `slimIconNames`). The original lists all ~700 icon names (and pulls
 * `change-case`) only so that the icon loader can check a name before loading its paths:
 * ~9 kB gzip in the first chunk. Here a name is checked by its form (kebab-case); a
 * well-formed name Blueprint lacks simply draws no icon, as an unknown name did before.
 * `IconNames` is empty: the app never uses `Icons.loadAll` or the `IconNames` constants.
 */
export const IconNames: Readonly<Record<string, string>> = {};

/** The loader's check: does `name` look like an icon name? */
export const IconNamesSet = {
  has: (name: unknown): boolean =>
    typeof name === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name),
};
