/**
 * Public surface of `src/resources`, the generic resource runtime (docs/architecture.md "Conventions": public surfaces):
 * the screen, its headless controllers and pure helpers, the runtime services the app provides,
 * and the one typed way `overrides/` changes descriptors.
 */
export { ResourcePage } from './resource-page';
export type { ResourcePageProps } from './resource-page';
export { GROUP_TAB_PARAM, ResourceGroupPage } from './resource-group-page';
export { listViewPath } from './list/list-view';
export { ImportResult } from './import-result';
export type { ImportCount, ImportResultColumn, ImportResultProps } from './import-result';
export type { ListView } from './list/list-view';
export type { ResourceGroup, ResourceGroupPageProps } from './resource-group-page';

export { ResourceRuntimeProvider, useResourceRuntime } from './registry/resource-runtime';
export type {
  RequestFn,
  ResourceRuntime,
  ResourceRuntimeProviderProps,
} from './registry/resource-runtime';
export type { ResourceEvent, ResourceOperation } from './registry/resource-events';
export { columnCell, mergeFieldUi, mergeOverrides, screenOverride } from './registry/overrides';
export type {
  ColumnCell,
  FieldUiPatch,
  FormAccess,
  FormValidator,
  OverrideMessage,
  FormAccessContext,
  ListAction,
  ListActionProps,
  ListFilter,
  ListFilterProps,
  ResourceOverride,
  ResourceOverrides,
  ResourcePanel,
  ResourceScreenOverride,
  ResourceScreenOverrideProps,
  ResourcePanelProps,
} from './registry/overrides';

export {
  listQueryFor,
  loadListCode,
  prefetchResourceList,
  seedResourceList,
  useResourceList,
} from './list/use-resource-list';
export type { ResourceListController } from './list/use-resource-list';
export { VIRTUALIZE_OVER } from './list/use-visible-rows';
export { PREFERENCES_KEY, preferencesQueryOptions } from './list/column-settings';
export type { UserPreferences } from './list/column-settings';
export {
  ALL_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  buildListQuery,
  parseListState,
  toSearchParams,
} from './list/list-query';
export type { ListState, SortItem } from './list/list-query';

export { useResourceForm } from './form/use-resource-form';
export type { ResourceFormContext } from './form/resource-form';
export type { ReadyForm, ResourceFormController } from './form/use-resource-form';
export type { DeleteState, SaveState } from './form/save-state';
export { changedFields } from './form/changed-fields';
export { HistoryEntryView } from './form/history-panel';
export type { HistoryEntryViewProps } from './form/history-panel';
export type { HistoryEntry } from './queries';
export { toRjsfErrors } from './form/rjsf-errors';
export type { FormErrorParts, ServerErrorSchema } from './form/rjsf-errors';

export { isNestedResource, relatedResources } from './related/related-resources';
export type { RelatedResource } from './related/related-resources';
export { RelatedList } from './related/related-list';
export type { RelatedListProps } from './related/related-list';

export { DateInput, DateTimeInput, MonthInput } from './dates/date-input';
export type {
  DateInputBaseProps,
  DateInputProps,
  DateTimeInputProps,
  MonthInputProps,
} from './dates/date-input';
export { DateRangeInput } from './dates/date-range-input';
export type { DateRange, DateRangeInputProps } from './dates/date-range-input';
export { PeriodInput } from './dates/period-input';
export type { PeriodInputProps } from './dates/period-input';
export {
  PERIOD_KINDS,
  monthPeriod,
  nextDay,
  periodAs,
  periodKind,
  previousDay,
  quarterPeriod,
  yearPeriod,
} from './dates/period';
export type { Period, PeriodKind } from './dates/period';
export {
  formatDateText,
  formatDateTimeText,
  formatMonthText,
  isIsoMonth,
  parseDateText,
  parseDateTimeText,
  parseMonthText,
} from './dates/date-text';

export { rowTitle } from './row-title';
export { LazyResourceDialog, preloadRecordDialog } from './lazy-dialog';
export { DialogSlot } from './dialog-slot';
export { lazyComponent, type LazyComponent } from './registry/lazy-component';
export {
  loadLazyMessages,
  setLazyMessagesLoader,
  type LazyMessagesLoader,
} from './registry/lazy-messages';
export { LazyResourceGroupPage } from './lazy-group-page';
export { LazyPopover } from './lazy-popover';
export type { LazyPopoverProps, PopoverHostProps, PopoverLoader } from './lazy-popover';
export { RecordPathProvider, RecordRoute } from './record-path';
export { itemQueryOptions, listQueryOptions, resourceKeys } from './queries';
export type { ItemSnapshot, ListPage } from './queries';
export type { FieldDescriptor, ResourceDescriptor, ResourceRow, RowId } from './descriptor';
export { downloadFile, localDateTime, toCsv } from './list/csv-export';
export { fetchAllRows, fetchRelatedRows } from './list/all-rows';

export {
  AppRouter,
  Link,
  Route,
  Switch,
  matchesPath,
  navigate,
  useLocation,
  useNavigate,
  useNavigationPending,
  useParams,
  useSearchParams,
} from './router';
export type { AppLocation, AppRouterProps, Navigate, NavigateOptions } from './router';
