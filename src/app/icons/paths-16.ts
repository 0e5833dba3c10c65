/**
 * SVG paths of the 16px icons a list page draws in its first render (`FIRST_PAGE_ICON_NAMES`,
 * icon-names.ts: the top bar, the list's toolbar and pagination), bundled together so that
 * the first icons do not pull in all of Blueprint's 16px paths (~100 kB gzip). The app's
 * other icons are in paths-16-lazy.ts. A test checks both against `ICON_NAMES`.
 */
import type { IconPaths } from '@blueprintjs/icons';
import bookmark from '@blueprintjs/icons/lib/esm/generated/16px/paths/bookmark.js';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left.js';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog.js';
import columnLayout from '@blueprintjs/icons/lib/esm/generated/16px/paths/column-layout.js';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard.js';
import document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document.js';
import download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download.js';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter.js';
import filterRemove from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter-remove.js';
import importIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/import.js';
import inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox.js';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker.js';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications.js';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import plus from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus.js';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search.js';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import warningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';

/** Paths by icon name, 16px grid. */
export const paths: Readonly<Record<string, IconPaths>> = {
  bookmark: bookmark,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  cog: cog,
  'column-layout': columnLayout,
  dashboard: dashboard,
  document: document,
  download: download,
  error: error,
  filter: filter,
  'filter-remove': filterRemove,
  import: importIcon,
  inbox: inbox,
  'map-marker': mapMarker,
  notifications: notifications,
  people: people,
  plus: plus,
  search: search,
  user: user,
  'warning-sign': warningSign,
};
