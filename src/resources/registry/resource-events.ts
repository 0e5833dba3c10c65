/**
 * What the resource runtime tells its host: every finished save, create and delete, and
 * every failure of one. The host (src/app) passes a handler as `onEvent` of
 * `ResourceRuntimeProvider`; src/resources never imports src/app.
 */
import type { ResourceRow } from '../descriptor';
import { rowTitle, type TitledDescriptor, type TitleFormat } from '../row-title';

/** What was done to a row. */
export type ResourceOperation = 'create' | 'save' | 'delete';

/** One event of the resource runtime (the `onEvent` callback of `ResourceRuntimeProvider`). */
export type ResourceEvent =
  | {
      readonly type: 'created' | 'saved' | 'deleted';
      /** Descriptor name, e.g. `customers`. */
      readonly resource: string;
      /** The row's title (`rowTitle`); '' when it has none. */
      readonly title: string;
    }
  | {
      /**
       * An override's own action on a row finished (an invoice issued, sent): the host shows
       * `message`, already in the user's language, in the snackbar.
       */
      readonly type: 'done';
      readonly resource: string;
      readonly message: string;
      /** True when the action was refused or failed. @default false */
      readonly failed?: boolean;
      /**
       * Also kept in the bell (docs/product.md §4): for what ends while the user may be
       * elsewhere (a billing run finished). @default false
       */
      readonly bell?: boolean;
    }
  | {
      readonly type: 'failed';
      readonly resource: string;
      readonly title: string;
      readonly operation: ResourceOperation;
      /** The error as thrown (an `ApiError` of src/api, a network error, …). */
      readonly error: unknown;
    };

/** The title an event carries: `rowTitle`, or '' for a row with neither title nor id. */
export function eventTitle(
  descriptor: TitledDescriptor,
  row: ResourceRow,
  format?: TitleFormat,
): string {
  const title = rowTitle(descriptor, row, format);
  return title === '#' ? '' : title;
}
