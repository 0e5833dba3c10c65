import { Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, H1, H2 } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow, RowId } from './descriptor';
import { LazyResourceDialog, preloadResourceDialog } from './lazy-dialog';
import { ColumnChooser } from './list/column-chooser';
import { useColumnSettings } from './list/column-settings';
import { ExportButton } from './list/export-button';
import { ClearFiltersButton, FilterBar, FilterToggle } from './list/filter-bar';
import { activeFilterCount, filterSpecs, NO_FILTERS } from './list/filter-state';
import { ListBody } from './list/list-body';
import { ListPagination } from './list/pagination';
import { SearchBox } from './list/search-box';
import { useResourceList } from './list/use-resource-list';
import { messages } from './messages';
import { useResourceRegistry } from './registry/registry-context';

/** Props of `ResourcePage`. */
export interface ResourcePageProps {
  /**
   * The resource to show, overrides already merged (`mergeOverrides`). Other resources'
   * descriptors (for references) come from `ResourceRegistryProvider`.
   */
  readonly descriptor: ResourceDescriptor;
  /**
   * 2 when the page sits under another page's title (a tab of `ResourceGroupPage`).
   * @default 1
   */
  readonly headingLevel?: 1 | 2;
}

/** Which dialog is open: none, create, or edit of a row. */
type DialogTarget = { readonly id: RowId | null } | null;

/** Delay after the list shows before the dialog chunk loads in the background. */
const PRELOAD_AFTER_MS = 1500;

/**
 * The whole screen of one resource: title, search, filters, "New", the server-paged and
 * server-sorted table, paging, and the create / edit / delete dialogs. All list state
 * lives in the URL.
 * Needs a react-router, a QueryClientProvider, an IntlProvider and Blueprint's
 * OverlaysProvider above it.
 */
export function ResourcePage({ descriptor, headingLevel = 1 }: ResourcePageProps) {
  const Heading = headingLevel === 1 ? H1 : H2;
  const intl = useIntl();
  const list = useResourceList(descriptor);
  const columns = useColumnSettings(descriptor, useResourceRegistry().owner);
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const { idField, operations } = descriptor;
  const canOpen = operations.retrieve || operations.update;
  const title = intl.formatMessage({ id: descriptor.title, defaultMessage: descriptor.name });
  const filters = useMemo(() => filterSpecs(descriptor), [descriptor]);
  const filterCount = activeFilterCount(list.state);
  const filterBarId = useId();
  // The bar starts open when the URL already filters the list.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);

  const openRow = useCallback(
    (row: ResourceRow) => {
      const id = row[idField];
      if (canOpen && (typeof id === 'number' || typeof id === 'string')) setDialog({ id });
    },
    [canOpen, idField],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const loaded = list.query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => void preloadResourceDialog(), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loaded]);

  return (
    <section aria-labelledby={`${descriptor.name}-title`}>
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
        {filters.length > 0 && (
          <FilterToggle
            open={filtersOpen}
            count={filterCount}
            controls={filterBarId}
            onToggle={() => setFiltersOpen((open) => !open)}
          />
        )}
        {filterCount > 0 && <ClearFiltersButton onClear={() => list.setFilters(NO_FILTERS)} />}
        <ColumnChooser descriptor={descriptor} columns={columns} />
        {operations.list && (
          <ExportButton descriptor={descriptor} state={list.state} columns={columns.visible} />
        )}
        {operations.create && (
          <Button
            intent="primary"
            icon="plus"
            text={intl.formatMessage(messages.create)}
            onPointerEnter={() => void preloadResourceDialog()}
            onClick={() => setDialog({ id: null })}
          />
        )}
      </div>
      {filters.length > 0 && filtersOpen && (
        <FilterBar id={filterBarId} specs={filters} state={list.state} onChange={list.setFilters} />
      )}
      <ListBody descriptor={descriptor} list={list} onOpen={openRow} columns={columns.visible} />
      <ListPagination list={list} />
      {dialog && (
        <Suspense fallback={null}>
          <LazyResourceDialog
            key={String(dialog.id)}
            descriptor={descriptor}
            id={dialog.id}
            onClose={closeDialog}
          />
        </Suspense>
      )}
    </section>
  );
}
