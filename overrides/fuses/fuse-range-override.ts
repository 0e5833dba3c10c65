/**
 * Builds the override parts that turn from–to pairs of main-fuse currents into one range:
 * the form shows one `FuseRangeWidget` per pair (on `from`, `to` hidden), the form refuses
 * a reversed or negative range before sending it (the error on `to`, as the server puts
 * it), and the list shows the pair as one `1×16–25 A` column in place of `from` (`to`
 * taken out of the default columns).
 */
import {
  lazyComponent,
  type OverrideMessage,
  type ResourceDescriptor,
  type ResourceOverride,
} from '../../src/resources';
import type { MessageDescriptor } from 'react-intl';
import { formatFuseRange, fuseRangeProblem, type Phases } from './fuse-range';
import { fuseRangeMessages } from './messages';

/** One from–to pair of a resource. */
export interface FuseRangePair {
  readonly from: string;
  readonly to: string;
  /** 1 or 3 phases; null for a range holding for any. */
  readonly phases: Phases;
  /** Label of the form control and header of the list column. */
  readonly label: MessageDescriptor & { readonly id: string };
}

type Ui = Readonly<Record<string, unknown>>;

/** The widget's name in `ui:widget`. */
export const FUSE_RANGE_WIDGET = 'fuseRange';

/** `FuseRangeWidget`, its code loaded with the first form that shows it. */
const LazyFuseRangeWidget = lazyComponent(() =>
  import('./fuse-range-widget').then((module) => module.FuseRangeWidget),
);

function withRanges(descriptor: ResourceDescriptor, pairs: readonly FuseRangePair[]) {
  const present = pairs.filter(({ from, to }) =>
    [from, to].every((name) => descriptor.fields.some((field) => field.name === name)),
  );
  if (present.length === 0) return descriptor;
  const uiSchema: Record<string, unknown> = { ...descriptor.uiSchema };
  for (const { from, to, phases, label } of present) {
    const base = (uiSchema[from] ?? {}) as Ui;
    uiSchema[from] = {
      ...base,
      'ui:widget': FUSE_RANGE_WIDGET,
      'ui:options': {
        ...((base['ui:options'] ?? {}) as Ui),
        labelId: label.id,
        toField: to,
        phases,
      },
    };
    uiSchema[to] = { ...((uiSchema[to] ?? {}) as Ui), 'ui:widget': 'hidden' };
  }
  const hidden = new Set(present.map(({ to }) => to));
  return {
    ...descriptor,
    uiSchema,
    columns: descriptor.columns.filter((name) => !hidden.has(name)),
  };
}

/** The override of a resource whose from–to current pairs are `pairs`. */
export function fuseRangeOverride(pairs: readonly FuseRangePair[]): ResourceOverride {
  return {
    descriptor: (descriptor) => withRanges(descriptor, pairs),
    widgets: { [FUSE_RANGE_WIDGET]: LazyFuseRangeWidget },
    cells: Object.fromEntries(
      pairs.map(({ from, to, phases, label }) => [
        from,
        {
          header: label.id,
          format: (row, locale) =>
            formatFuseRange(
              phases,
              typeof row[from] === 'number' ? row[from] : null,
              typeof row[to] === 'number' ? row[to] : null,
              locale,
            ),
        },
      ]),
    ),
    validate: (data) => {
      const errors: Record<string, OverrideMessage[]> = {};
      for (const { from, to } of pairs) {
        const problem = fuseRangeProblem(data[from], data[to]);
        if (problem) errors[to] = [fuseRangeMessages[problem]];
      }
      return Object.keys(errors).length > 0 ? errors : undefined;
    },
  };
}
