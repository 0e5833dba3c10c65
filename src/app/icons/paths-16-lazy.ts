/**
 * SVG paths of the app's 16px icons that a list page's first render does not draw (menus'
 * popovers, dialogs, other pages): lazy, loaded once the rows are painted
 * (`preloadLazyIcons`, index.ts) or when such an icon is first drawn.
 */
import type { IconPaths } from '@blueprintjs/icons';
import add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add.js';
import arrowRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right.js';
import barcode from '@blueprintjs/icons/lib/esm/generated/16px/paths/barcode.js';
import box from '@blueprintjs/icons/lib/esm/generated/16px/paths/box.js';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import chevronDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js';
import chevronUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js';
import confirm from '@blueprintjs/icons/lib/esm/generated/16px/paths/confirm.js';
import cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import dollar from '@blueprintjs/icons/lib/esm/generated/16px/paths/dollar.js';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import floppyDisk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk.js';
import folderClose from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-close.js';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history.js';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import link from '@blueprintjs/icons/lib/esm/generated/16px/paths/link.js';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office.js';
import reset from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset.js';
import satellite from '@blueprintjs/icons/lib/esm/generated/16px/paths/satellite.js';
import smallCross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag.js';
import thList from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list.js';
import tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import timelineBarChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart.js';
import trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash.js';

/** Paths by icon name, 16px grid. */
export const paths: Readonly<Record<string, IconPaths>> = {
  add: add,
  'arrow-right': arrowRight,
  barcode: barcode,
  box: box,
  calendar: calendar,
  'chevron-down': chevronDown,
  'chevron-up': chevronUp,
  confirm: confirm,
  cross: cross,
  dollar: dollar,
  envelope: envelope,
  flash: flash,
  'floppy-disk': floppyDisk,
  'folder-close': folderClose,
  history: history,
  'info-sign': infoSign,
  key: key,
  link: link,
  lock: lock,
  'log-out': logOut,
  office: office,
  reset: reset,
  satellite: satellite,
  'small-cross': smallCross,
  tag: tag,
  'th-list': thList,
  tick: tick,
  'tick-circle': tickCircle,
  'timeline-bar-chart': timelineBarChart,
  trash: trash,
};
