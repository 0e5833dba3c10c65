/**
 * The audit log's page (`/audit`, docs/api.md "Audit"), in place of the generic list of
 * the `audit` resource: every recorded change newest first, each as a row's history shows
 * it (`HistoryEntryView`: the record's name, who and when, each field before and after in
 * the user's language), filtered by who, action, record type and a range of days. The
 * filters and the page live in the URL (`?user=&action=&resource=&from=&to=&page=`), so a
 * filtered view can be bookmarked or sent.
 */
import { useId, useMemo } from 'react';
import { Button, Callout, Classes, FormGroup, H1, HTMLSelect, Spinner } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { unwrap } from '../../src/api';
import {
  DateRangeInput,
  HistoryEntryView,
  nextDay,
  useResourceRuntime,
  type DateRange,
  type ResourceScreenOverrideProps,
  useSearchParams,
} from '../../src/resources';
import { auditMessages as m } from './messages';

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/** The actions an entry records, in the filter's order (the API's `action` choices). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'export', 'anonymise'] as const;

/** The URL's filters: each a query parameter of the page and of `GET /audit/`. */
const FILTERS = ['user', 'action', 'resource', 'from', 'to'] as const;

/** Local midnight of an ISO day as an instant (`2026-04-01` → `2026-03-31T22:00:00.000Z`). */
export function dayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toISOString();
}

/** The page. */
export default function AuditPage({ descriptor }: ResourceScreenOverrideProps) {
  const intl = useIntl();
  const { api, descriptorsByName } = useResourceRuntime();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const value = (name: string) => params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const range: DateRange = { from: params.get('from'), to: params.get('to') };

  const update = (changes: Readonly<Record<string, string | null>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, changed] of Object.entries(changes)) {
          if (changed === null || changed === '') next.delete(name);
          else next.set(name, changed);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const user = value('user');
  const action = value('action');
  const resource = value('resource');
  const query = {
    ...(user !== '' && { user: Number(user) }),
    ...(action !== '' && { action: action as (typeof AUDIT_ACTIONS)[number] }),
    ...(resource !== '' && { resource }),
    ...(range.from && { from: dayStart(range.from) }),
    ...(range.to && { to: dayStart(nextDay(range.to)) }),
    page,
    page_size: AUDIT_PAGE_SIZE,
  };
  const entries = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => unwrap(api.GET('/audit/', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
  // Whom to pick: the users' names when the user may read them; else only the one filtered.
  const users = useQuery({
    queryKey: ['audit', 'users'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/users/titles/', { params: { query: { page_size: 100 } }, signal })),
    retry: false,
  });
  const userOptions = useMemo(() => {
    const known = (users.data?.results ?? []).map((row) => ({
      value: String(row.id),
      label: row.title ?? `#${row.id}`,
    }));
    if (user !== '' && !known.some((option) => option.value === user))
      known.push({ value: user, label: intl.formatMessage(m.actorNumber, { id: user }) });
    return [{ value: '', label: intl.formatMessage(m.anyone) }, ...known];
  }, [users.data, user, intl]);
  const resourceOptions = useMemo(
    () => [
      { value: '', label: intl.formatMessage(m.anyRecordType) },
      ...Object.values(descriptorsByName)
        .filter((other) => other.name !== descriptor.name && other.operations.history)
        .map((other) => ({
          value: other.name,
          label: intl.formatMessage({ id: other.title, defaultMessage: other.name }),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, intl.locale)),
    ],
    [descriptorsByName, descriptor.name, intl],
  );
  const filtered = FILTERS.some((name) => value(name) !== '');
  const count = entries.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));

  return (
    <section className="joule-audit-page" aria-labelledby={`${id}-title`}>
      <H1 id={`${id}-title`}>{intl.formatMessage(m.title)}</H1>
      <p className={Classes.TEXT_MUTED}>{intl.formatMessage(m.help)}</p>
      <div
        role="group"
        aria-label={intl.formatMessage(m.filters)}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-end' }}
      >
        <FormGroup label={intl.formatMessage(m.actor)} labelFor={`${id}-user`}>
          <HTMLSelect
            id={`${id}-user`}
            value={user}
            options={userOptions}
            onChange={(event) => update({ user: event.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label={intl.formatMessage(m.action)} labelFor={`${id}-action`}>
          <HTMLSelect
            id={`${id}-action`}
            value={action}
            options={[
              { value: '', label: intl.formatMessage(m.anyAction) },
              ...AUDIT_ACTIONS.map((name) => ({ value: name, label: intl.formatMessage(m[name]) })),
            ]}
            onChange={(event) => update({ action: event.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label={intl.formatMessage(m.recordType)} labelFor={`${id}-resource`}>
          <HTMLSelect
            id={`${id}-resource`}
            value={resource}
            options={resourceOptions}
            onChange={(event) => update({ resource: event.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label={intl.formatMessage(m.period)}>
          <DateRangeInput
            id={`${id}-period`}
            label={intl.formatMessage(m.period)}
            value={range}
            onChange={(next) => update({ from: next.from, to: next.to })}
          />
        </FormGroup>
        {filtered && (
          <FormGroup>
            <Button
              variant="minimal"
              icon="filter-remove"
              text={intl.formatMessage(m.clear)}
              onClick={() => update(Object.fromEntries(FILTERS.map((name) => [name, null])))}
            />
          </FormGroup>
        )}
      </div>
      {entries.status === 'pending' ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : entries.status === 'error' ? (
        <Callout intent="danger" role="alert" title={intl.formatMessage(m.loadError)}>
          <Button text={intl.formatMessage(m.retry)} onClick={() => void entries.refetch()} />
        </Callout>
      ) : entries.data.results.length === 0 ? (
        <p role="status">{intl.formatMessage(m.empty)}</p>
      ) : (
        <>
          <p role="status">{intl.formatMessage(m.count, { count })}</p>
          <ol
            className={`${Classes.LIST_UNSTYLED} joule-audit-entries`}
            aria-label={intl.formatMessage(m.title)}
            aria-busy={entries.isPlaceholderData}
          >
            {entries.data.results.map((entry) => (
              <HistoryEntryView
                key={entry.id}
                descriptor={descriptorsByName[entry.resource] ?? descriptor}
                entry={entry}
              />
            ))}
          </ol>
          {pages > 1 && (
            <nav style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Button
                icon="chevron-left"
                text={intl.formatMessage(m.newer)}
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              />
              <span>{intl.formatMessage(m.page, { page, pages })}</span>
              <Button
                endIcon="chevron-right"
                text={intl.formatMessage(m.older)}
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              />
            </nav>
          )}
        </>
      )}
    </section>
  );
}
