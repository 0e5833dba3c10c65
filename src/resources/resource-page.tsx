import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from './router';
import { Button, H1, H2 } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow } from './descriptor';
import { DialogSlot } from './dialog-slot';
import { LazyResourceDialog, preloadRecordDialog, preloadResourceDialog } from './lazy-dialog';
import { ColumnChooser } from './list/column-chooser';
import { useColumnSettings } from './list/column-settings';
import { ExportButton } from './list/export-button';
import { ClearFiltersButton, FilterToggle } from './list/filter-toggle';
import { activeFilterCount, filterSpecs, NO_FILTERS } from './list/filter-state';
import { LazyFilterBar, preloadFilterBar } from './list/lazy-filter-bar';
import { ListBody } from './list/list-body';
import type { TableSelection } from './list/resource-table';
import { useListSelection } from './list/use-list-selection';
import { ListPagination } from './list/pagination';
import { SavedViewsButton } from './list/saved-views-button';
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
const NO_ROWS: readonly ResourceRow[] = [];

// The bar and its dialogs load once a row is selected: a list is shown without them.
const SelectionBar = lazy(async () => ({
  default: (await import('./list/selection-bar')).SelectionBar,
}));

/**
 * Runs `task` after the page's paint (a timer after the commit's effects) and, on the page's
 * first frame with content, once the browser reports it on screen (its first contentful
 * paint; a hidden tab's, once shown): code loaded then, parsed by the same few threads that
 * draw the frame, does not hold up the rows' paint. Returns its cancellation.
 */
function afterRowsShown(task: () => void): () => void {
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    task();
  });
  const shown = performance.getEntriesByName('first-contentful-paint').length > 0;
  const timer = shown ? setTimeout(task, 0) : undefined;
  if (!shown) observer.observe({ type: 'paint' });
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/**
 * The whole screen of one resource: title, search, filters, "New", the server-paged and
 * server-sorted table, paging, and the create / edit / delete dialogs. All list state
 * lives in the URL.
 * Needs the app's router (router.tsx), a QueryClientProvider, an IntlProvider and Blueprint's
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
  // The open row lives in the URL (`/customers/42`, docs/product.md), the list's state in its query.
  const record = useRecordDialog(descriptor, useRouteRecordPath(), OWN_ROWS);
  const location = useLocation();
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
  const searchId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Selection and bulk actions (docs/api.md "Bulk actions"), on every list.
  const pageRows = list.query.data?.results ?? NO_ROWS;
  const selection = useListSelection(descriptor, list.state, pageRows);
  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      operations.list
        ? {
            isSelected: selection.isSelected,
            onChange: selection.change,
            head: {
              state: selection.pageState,
              label: intl.formatMessage(messages.selectPage),
              onToggle: selection.togglePage,
            },
            rowLabel: intl.formatMessage(messages.selectRow),
          }
        : undefined,
    [operations.list, selection, intl],
  );
  // The keyboard's way between the search and the rows (docs/product.md "Keyboard").
  const focusRows = useCallback(() => {
    sectionRef.current?.querySelector<HTMLElement>('tbody tr[tabindex="0"]')?.focus();
  }, []);
  const { clear: clearSelection, count: selectedCount } = selection;
  // A row's dialog closed: the keyboard goes on from that row (docs/product.md "Keyboard").
  const openId = dialog?.id ?? null;
  const lastOpen = useRef(openId);
  useEffect(() => {
    const was = lastOpen.current;
    lastOpen.current = openId;
    if (was !== null && openId === null && !sectionRef.current?.contains(document.activeElement))
      focusRows();
  }, [openId, focusRows]);
  // Once shown, the bar stays mounted: its summary outlives the selection it acted on.
  const [barShown, setBarShown] = useState(false);
  if (selectedCount > 0 && !barShown) setBarShown(true);
  const onRowsEscape = useCallback(
    (key: 'Escape' | 'ArrowUp') => {
      if (key === 'Escape' && selectedCount > 0) return clearSelection();
      const search = document.getElementById(searchId);
      if (search) search.focus();
    },
    [clearSelection, selectedCount, searchId],
  );

  const openRow = useCallback(
    (row: ResourceRow) => {
      const id = row[idField];
      if (canOpen && (typeof id === 'number' || typeof id === 'string')) openDialog(id);
    },
    [canOpen, idField, openDialog],
  );
  // Opening the filters keeps the pager on screen (docs/product.md): the table's scroll area gives
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
    return afterRowsShown(() => preloadRecordDialog(loadValidators));
  }, [loaded, hasDialog, loadValidators]);

  return (
    <section
      ref={sectionRef}
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
        {descriptor.searchable && (
          <SearchBox
            id={searchId}
            value={list.state.search}
            onSearch={list.setSearch}
            onArrowDown={focusRows}
          />
        )}
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
        <SavedViewsButton
          descriptor={descriptor}
          state={list.state}
          search={location.search}
          columns={columns}
        />
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
      {barShown && (
        <Suspense fallback={null}>
          <SelectionBar
            descriptor={descriptor}
            selection={selection}
            state={list.state}
            total={list.query.data?.count ?? 0}
            pageRows={pageRows.length}
            columns={columns.visible}
          />
        </Suspense>
      )}
      <ListBody
        descriptor={descriptor}
        list={list}
        onOpen={openRow}
        columns={columns.visible}
        {...(tableSelection && { selection: tableSelection })}
        onEscape={onRowsEscape}
      />
      <ListPagination list={list} />
      {/* Mounted with the list, not with the dialog (dialog-slot.tsx). */}
      <DialogSlot>
        {dialog && (
          <RecordPathProvider value={record.inner}>
            <LazyResourceDialog
              key={String(dialog.id)}
              descriptor={descriptor}
              id={dialog.id}
              onClose={record.close}
              onContinue={record.continueWith}
            />
          </RecordPathProvider>
        )}
      </DialogSlot>
    </section>
  );
}
