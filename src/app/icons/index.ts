/**
 * Blueprint icon loading (Blueprint 6 loads icon paths on first use). Its default loader
 * fetches every path of a size at once (~100 kB gzip for 16 px) with the first icon; the
 * app instead loads small modules of the icons it uses (`ICON_NAMES`): those of a list
 * page's first render with the page's code, the rest once its rows are painted. It falls
 * back to Blueprint's loader for any other name, so no icon is ever missing.
 */
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { FIRST_PAGE_ICON_NAMES, ICON_NAMES } from './icon-names';

async function loadPaths(name: IconName, size: number): Promise<IconPaths> {
  const { paths } = size < 20 ? await import('./paths-16') : await import('./paths-20');
  const known =
    paths[name] ?? (size < 20 ? (await import('./paths-16-lazy')).paths[name] : undefined);
  if (known) return known;
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
  return splitPathsBySizeLoader(name, size);
}

/** Makes Blueprint load icon paths through the app's loader; call once before rendering. */
export function setUpIcons(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
}

let preloaded: Promise<void> | null = null;

/**
 * Loads the paths of a list page's first icons at 16 px now (once), so that a page rendered
 * after draws them in its first pass: the server-rendered first page, and the app's own page
 * that replaces it (src/boot/first-page-state.ts). Calls {@link setUpIcons} first.
 */
export function preloadIcons(): Promise<void> {
  if (!preloaded) {
    setUpIcons();
    preloaded = Icons.load([...FIRST_PAGE_ICON_NAMES] as IconName[], IconSize.STANDARD);
  }
  return preloaded;
}

let lazyPreloaded: Promise<void> | null = null;

/**
 * Loads the paths of the app's other icons at 16 px (once), so that what opens next (a
 * dialog, a menu) draws them in its first pass: called with the dialog's code, once a list's
 * rows are painted. A failed load is left for the icon to retry when drawn.
 */
export function preloadLazyIcons(): Promise<void> {
  lazyPreloaded ??= preloadIcons()
    .then(() => {
      const first = new Set(FIRST_PAGE_ICON_NAMES);
      const rest = ICON_NAMES.filter((name) => !first.has(name)) as IconName[];
      return Icons.load(rest, IconSize.STANDARD);
    })
    .catch(() => {
      lazyPreloaded = null;
    });
  return lazyPreloaded;
}
