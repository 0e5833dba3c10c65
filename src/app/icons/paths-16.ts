/**
 * SVG paths of the 16px icons the app names by string (`icon="plus"`), bundled together
 * so that the first icons do not pull in all of Blueprint's 16px paths (~100 kB gzip).
 * Keep in step with `ICON_NAMES` (icon-names.ts); a test checks it.
 */
import type { IconPaths } from '@blueprintjs/icons';
import importIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/import.js';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add.js';
import arrowRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right.js';
import barcode from '@blueprintjs/icons/lib/esm/generated/16px/paths/barcode.js';
import bookmark from '@blueprintjs/icons/lib/esm/generated/16px/paths/bookmark.js';
import box from '@blueprintjs/icons/lib/esm/generated/16px/paths/box.js';
import chevronDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left.js';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js';
import chevronUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog.js';
import columnLayout from '@blueprintjs/icons/lib/esm/generated/16px/paths/column-layout.js';
import cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard.js';
import document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document.js';
import dollar from '@blueprintjs/icons/lib/esm/generated/16px/paths/dollar.js';
import download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download.js';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter.js';
import filterRemove from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter-remove.js';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import floppyDisk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk.js';
import folderClose from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-close.js';
import inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox.js';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker.js';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications.js';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office.js';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import plus from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus.js';
import reset from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset.js';
import satellite from '@blueprintjs/icons/lib/esm/generated/16px/paths/satellite.js';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search.js';
import smallCross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag.js';
import thList from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list.js';
import tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import timelineBarChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart.js';
import trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash.js';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import warningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';

import confirm from '@blueprintjs/icons/lib/esm/generated/16px/paths/confirm.js';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history.js';
import link from '@blueprintjs/icons/lib/esm/generated/16px/paths/link.js';
/** Paths by icon name, 16px grid. */
export const paths: Readonly<Record<string, IconPaths>> = {
  import: importIcon,
  calendar: calendar,
  add: add,
  'arrow-right': arrowRight,
  barcode: barcode,
  bookmark: bookmark,
  box: box,
  'chevron-down': chevronDown,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'chevron-up': chevronUp,
  cog: cog,
  'column-layout': columnLayout,
  cross: cross,
  dashboard: dashboard,
  document: document,
  dollar: dollar,
  download: download,
  error: error,
  filter: filter,
  'filter-remove': filterRemove,
  flash: flash,
  'floppy-disk': floppyDisk,
  'folder-close': folderClose,
  inbox: inbox,
  'info-sign': infoSign,
  key: key,
  lock: lock,
  'log-out': logOut,
  'map-marker': mapMarker,
  notifications: notifications,
  office: office,
  people: people,
  plus: plus,
  reset: reset,
  satellite: satellite,
  search: search,
  'small-cross': smallCross,
  tag: tag,
  'th-list': thList,
  tick: tick,
  'tick-circle': tickCircle,
  'timeline-bar-chart': timelineBarChart,
  trash: trash,
  user: user,
  'warning-sign': warningSign,
  confirm: confirm,
  envelope: envelope,
  history: history,
  link: link,
};
