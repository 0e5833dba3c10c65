/**
 * A saved filter of one resource's list offered as a menu entry of its own (docs/extending.md
 * "Overrides"): the list's route with the view's query, e.g. the readings to check.
 */
import type { ResourceDescriptor } from '../descriptor';

/** One list view: a menu entry opening `/<resource>?<params>`. */
export interface ListView {
  /** The entry's key, unique among menu entries. */
  readonly name: string;
  /** The resource whose list the view opens. */
  readonly resource: string;
  /** react-intl message id of the entry's label. */
  readonly label: string;
  /** The entry's icon (an icon of src/app/icons). */
  readonly icon: string;
  /** The list's URL parameters, e.g. `{ filter: 'to_check=true' }`. */
  readonly params: Readonly<Record<string, string>>;
  /**
   * Whether the back-end offers what the view needs, judged from its resource (e.g. the
   * field it filters by is among `filterFields`). When false there is no entry.
   * @default always
   */
  readonly available?: (descriptor: ResourceDescriptor) => boolean;
}

/** The route of `view`: its resource's list with the view's parameters. */
export function listViewPath(view: ListView): string {
  const query = new URLSearchParams(view.params).toString();
  return query === '' ? `/${view.resource}` : `/${view.resource}?${query}`;
}
