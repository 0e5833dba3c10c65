import { useIntl } from 'react-intl';
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { messages } from '../messages';
import { ALL_PAGE_SIZE, PAGE_SIZES } from './list-query';
import type { ResourceListController } from './use-resource-list';

/** Props of `Pagination`. */
export interface PaginationProps {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
  /** Rows in the whole list; undefined while unknown. */
  readonly count: number | undefined;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (pageSize: number) => void;
}

/** Server paging: rows shown of how many, previous / next page, and the page size chooser. */
export function Pagination({
  page,
  pageSize,
  pageCount,
  count,
  onPage,
  onPageSize,
}: PaginationProps) {
  const intl = useIntl();
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = count ? Math.min(count, page * pageSize) : 0;
  const sizeLabel = intl.formatMessage(messages.pageSize);
  return (
    <nav
      aria-label={intl.formatMessage(messages.pageOf, { page, pages: pageCount })}
      style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8, flexWrap: 'wrap' }}
    >
      <span aria-live="polite">
        {count === undefined ? '' : intl.formatMessage(messages.pageInfo, { from, to, count })}
      </span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={intl.formatMessage(messages.previousPage)}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <Button
          icon="chevron-right"
          aria-label={intl.formatMessage(messages.nextPage)}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        />
      </ButtonGroup>
      <span>{intl.formatMessage(messages.pageOf, { page, pages: pageCount })}</span>
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {sizeLabel}
        <HTMLSelect value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {(PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize]).map((size) => (
            <option key={size} value={size}>
              {size === ALL_PAGE_SIZE ? intl.formatMessage(messages.pageSizeAll) : size}
            </option>
          ))}
        </HTMLSelect>
      </label>
    </nav>
  );
}

/** `Pagination` of a list screen's controller (`useResourceList`): its page, size and count. */
export function ListPagination({ list }: { readonly list: ResourceListController }) {
  return (
    <Pagination
      page={list.state.page}
      pageSize={list.state.pageSize}
      pageCount={list.pageCount}
      count={list.query.data?.count}
      onPage={list.setPage}
      onPageSize={list.setPageSize}
    />
  );
}
