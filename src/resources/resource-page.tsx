import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, H1, H2 } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow } from './descriptor';
import { LazyResourceDialog, preloadRecordDialog, preloadResourceDialog } from './lazy-dialog';
import { ColumnChooser } from './list/column-chooser';
import { useColumnSettings } from './list/column-settings';
import { ExportButton } from './list/export-button';
import { ClearFiltersButton, FilterToggle } from './list/filter-toggle';
import { activeFilterCount, filterSpecs, NO_FILTERS } from './list/filter-state';
import { LazyFilterBar, preloadFilterBar } from './list/lazy-filter-bar';
import { ListBody } from './list/list-body';
import { ListPagination } from './list/pagination';
import { SearchBox } from './list/search-box';
import { useResourceList } from './list/use-resource-list';
import { messages } from './messages';
import { RecordPathProvider, useRecordDialog, useRouteRecordPath } from './record-path';
import { useResourceOverride, useResourceRuntime } from './registry/resource-runtime';

/** Props of `ResourcePage`. */
export interface ResourcePageProps {
  /**
   * The resource to show, overrides already merged (`mergeOverrides`). Other resources'
   * descriptors (for references) come from `ResourceRuntimeProvider`.
   */
  readonly descriptor: ResourceDescriptor;
  /**
   * 2 when the page sits under another page's title (a tab of `ResourceGroupPage`).
   * @default 1
   */
  readonly headingLevel?: 1 | 2;
  /**
   * Message id of the heading, e.g. the menu entry's label that opened the page
   * (docs/product.md §2).
   * @default the descriptor's `title`
   */
  readonly title?: string;
}

/** The page's own rows are named right below its route: `/customers/42`. */
const OWN_ROWS: readonly string[] = [];

/**
 * Runs `task` once the frame after now has been painted (a timer after the next animation
 * frame): code loaded then does not hold up the rows' paint.
 */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The whole screen of one resource: title, search, filters, "New", the server-paged and
 * server-sorted table, paging, and the create / edit / delete dialogs. All list state
 * lives in the URL.
 * Needs a react-router, a QueryClientProvider, an IntlProvider and Blueprint's
 * OverlaysProvider above it.
 */
export function ResourcePage({
  descriptor,
  headingLevel = 1,
  title: titleId = descriptor.title,
}: ResourcePageProps) {
  const Heading = headingLevel === 1 ? H1 : H2;
  const intl = useIntl();
  const list = useResourceList(descriptor);
  const { owner, formValidators } = useResourceRuntime();
  const columns = useColumnSettings(descriptor, owner);
  const { listActions = [], listFilters = [] } = useResourceOverride(descriptor);
  // The open row lives in the URL (`/customers/42`, issue 17), the list's state in its query.
  const record = useRecordDialog(descriptor, useRouteRecordPath(), OWN_ROWS);
  const { target: dialog, open: openDialog } = record;
  const { idField, operations } = descriptor;
  const canOpen = operations.retrieve || operations.update;
  const title = intl.formatMessage({ id: titleId, defaultMessage: descriptor.name });
  const filters = useMemo(() => filterSpecs(descriptor), [descriptor]);
  // An override's filters of the list's own parameters, when the back-end publishes them.
  const ownFilters = listFilters.filter(({ param }) => descriptor.listParams?.includes(param));
  const anyFilters = filters.length > 0 || ownFilters.length > 0;
  const filterCount = activeFilterCount(list.state);
  const filterBarId = useId();
  // The bar starts open when the URL already filters the list.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);

  const openRow = useCallback(
    (row: ResourceRow) => {
      const id = row[idField];
      if (canOpen && (typeof id === 'number' || typeof id === 'string')) openDialog(id);
    },
    [canOpen, idField, openDialog],
  );
  // Opening the filters keeps the pager on screen (issue 17): the table's scroll area gives
  // up the filter bar's height (`--joule-filter-height`, read by resource-table.css).
  const filterBox = useRef<HTMLDivElement>(null);
  const [filterHeight, setFilterHeight] = useState(0);
  useEffect(() => {
    const box = filterBox.current;
    if (!filtersOpen || !box) return setFilterHeight(0);
    const measure = () => setFilterHeight(box.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [filtersOpen]);
  // Once the rows are painted, the dialog's code (rjsf) and this resource's form validators
  // load, so that the first click on a row opens its dialog without waiting for them.
  const loaded = list.query.isSuccess;
  const hasDialog = canOpen || operations.create;
  const loadValidators = hasDialog ? formValidators[descriptor.name] : undefined;
  useEffect(() => {
    if (!loaded || !hasDialog) return;
    return afterNextPaint(() => preloadRecordDialog(loadValidators));
  }, [loaded, hasDialog, loadValidators]);

  return (
    <section
      aria-labelledby={`${descriptor.name}-title`}
      style={{ ['--joule-filter-height' as string]: `${Math.ceil(filterHeight)}px` }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          marginBottom: 12,
          flexWrap: 'wrap',
        }}
      >
        <Heading id={`${descriptor.name}-title`} style={{ margin: 0, marginRight: 'auto' }}>
          {title}
        </Heading>
        {descriptor.searchable && <SearchBox value={list.state.search} onSearch={list.setSearch} />}
        {anyFilters && (
          <FilterToggle
            open={filtersOpen}
            count={filterCount}
            controls={filterBarId}
            onToggle={() => setFiltersOpen((open) => !open)}
            onPointerEnter={preloadFilterBar}
          />
        )}
        {filterCount > 0 && <ClearFiltersButton onClear={() => list.setFilters(NO_FILTERS)} />}
        <ColumnChooser descriptor={descriptor} columns={columns} />
        {listActions.map(({ id, component: Action }) => (
          <Action key={id} descriptor={descriptor} />
        ))}
        {operations.list && (
          <ExportButton descriptor={descriptor} state={list.state} columns={columns.visible} />
        )}
        {operations.create && (
          <Button
            intent="primary"
            icon="plus"
            text={
              descriptor.create
                ? intl.formatMessage({ id: descriptor.create, defaultMessage: descriptor.name })
                : intl.formatMessage(messages.create)
            }
            onPointerEnter={() => void preloadResourceDialog()}
            onClick={() => openDialog(null)}
          />
        )}
      </div>
      {anyFilters && filtersOpen && (
        // What the toggle controls (aria-controls): there as soon as the bar is open, while
        // the bar's own code may still be loading.
        <div
          ref={filterBox}
          id={filterBarId}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px' }}
        >
          <LazyFilterBar
            id={`${filterBarId}-fields`}
            specs={filters}
            state={list.state}
            onChange={list.setFilters}
          />
          {ownFilters.map(({ param, component: Filter }) => (
            <Filter
              key={param}
              descriptor={descriptor}
              value={list.state.params?.[param] ?? ''}
              onChange={(value) =>
                list.setFilters({ params: { ...list.state.params, [param]: value } })
              }
            />
          ))}
        </div>
      )}
      <ListBody descriptor={descriptor} list={list} onOpen={openRow} columns={columns.visible} />
      <ListPagination list={list} />
      {dialog && (
        <Suspense fallback={null}>
          <RecordPathProvider value={record.inner}>
            <LazyResourceDialog
              key={String(dialog.id)}
              descriptor={descriptor}
              id={dialog.id}
              onClose={record.close}
            />
          </RecordPathProvider>
        </Suspense>
      )}
    </section>
  );
}
