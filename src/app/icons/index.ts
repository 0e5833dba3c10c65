/**
 * Blueprint icon loading (Blueprint 6 loads icon paths on first use). Its default loader
 * fetches every path of a size at once (~100 kB gzip for 16 px) with the first icon; the
 * app instead loads a small module of the icons it uses (`ICON_NAMES`), and falls back to
 * Blueprint's loader for any other name, so no icon is ever missing.
 */
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { ICON_NAMES } from './icon-names';

async function loadPaths(name: IconName, size: number): Promise<IconPaths> {
  const { paths } = size < 20 ? await import('./paths-16') : await import('./paths-20');
  const known = paths[name];
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
 * Loads the paths of the app's icons at 16 px now (once), so that a page rendered after
 * draws them in its first pass: the server-rendered first page, and the app's own page
 * that replaces it (src/boot/first-page-state.ts). Calls {@link setUpIcons} first.
 */
export function preloadIcons(): Promise<void> {
  if (!preloaded) {
    setUpIcons();
    preloaded = Icons.load([...ICON_NAMES] as IconName[], IconSize.STANDARD);
  }
  return preloaded;
}
