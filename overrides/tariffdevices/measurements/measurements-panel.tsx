/**
 * The body of the tariff device's measurements panel (issue 13; docs/product.md §2 "Tariff device:
 * lists measurements and allows adding a new one"), loaded when a device's dialog opens
 * (uPlot stays out of the list page's code).
 */
import { useMemo, useState } from 'react';
import { FormattedRelativeTime, useIntl } from 'react-intl';
import {
  Button,
  ButtonGroup,
  Callout,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  itemQueryOptions,
  useResourceRuntime,
  type ResourceDescriptor,
  type ResourcePanelProps,
  type RowId,
} from '../../../src/resources';
import { ConsumptionChart } from './consumption-chart';
import { measurementMessages as m } from './messages';
import { panelMessages } from './panel-messages';
import { consumptionOptions, readingsPageOptions } from './queries';
import { ReadingForm } from './reading-form';
import { ReadingsTable } from './readings-table';
import {
  BUCKETS,
  addDays,
  isPastDue,
  periodOf,
  periodProblem,
  pragueToday,
  relativeTime,
  type Bucket,
  type ConsumptionBucket,
  type PeriodKind,
} from './readings';

/** The device's reference to its collector (docs/product.md §3 Tariff device, Collector). */
const COLLECTOR_FIELD = 'collector';

/** The device's collector with its `last_seen` as relative time, and the calibration date. */
function DeviceSummary({
  descriptor,
  row,
  today,
}: Pick<ResourcePanelProps, 'descriptor' | 'row'> & { today: string }) {
  const intl = useIntl();
  const { descriptorsByName, request, mayUse } = useResourceRuntime();
  const reference = descriptor.fields.find((f) => f.name === COLLECTOR_FIELD);
  const collectors = reference?.reference ? descriptorsByName[reference.reference] : undefined;
  const collectorId = row[COLLECTOR_FIELD];
  const readable =
    collectors !== undefined &&
    collectors.operations.retrieve &&
    mayUse(collectors.privilege) &&
    (typeof collectorId === 'number' || typeof collectorId === 'string');
  const collector = useQuery({
    ...itemQueryOptions(request, collectors ?? descriptor, String(collectorId)),
    enabled: readable,
  });
  const title =
    (reference?.titleField ? row[reference.titleField] : undefined) ??
    (collector.data?.row.name as string | undefined) ??
    (collectorId == null ? null : `#${String(collectorId)}`);
  const lastSeen = collector.data?.row.last_seen;
  const calibration = row.calibration_date;
  const late = isPastDue(calibration, today);
  const seen = typeof lastSeen === 'string' ? relativeTime(new Date(lastSeen), new Date()) : null;
  return (
    <dl
      className="joule-device-summary"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: '0 0 12px' }}
    >
      <div>
        <dt style={{ fontWeight: 600, display: 'inline' }}>{intl.formatMessage(m.collector)}: </dt>
        <dd style={{ display: 'inline', margin: 0 }}>
          {title === null ? intl.formatMessage(m.noCollector) : String(title)}
        </dd>
      </div>
      {readable && collector.data && (
        <div>
          <dt style={{ fontWeight: 600, display: 'inline' }}>{intl.formatMessage(m.lastSeen)}: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>
            {seen && typeof lastSeen === 'string' ? (
              <time
                dateTime={lastSeen}
                title={intl.formatDate(lastSeen, { dateStyle: 'medium', timeStyle: 'short' })}
              >
                <FormattedRelativeTime value={seen.value} unit={seen.unit} numeric="auto" />
              </time>
            ) : (
              intl.formatMessage(m.neverSeen)
            )}
          </dd>
        </div>
      )}
      {typeof calibration === 'string' && (
        <div>
          <dt style={{ fontWeight: 600, display: 'inline' }}>
            {intl.formatMessage(m.calibration)}:{' '}
          </dt>
          <dd style={{ display: 'inline', margin: 0 }}>
            <time dateTime={calibration}>
              {intl.formatDate(Date.parse(`${calibration}T00:00:00Z`), {
                dateStyle: 'medium',
                timeZone: 'UTC',
              })}
            </time>{' '}
            {late && (
              <Tag intent="danger" minimal>
                {intl.formatMessage(m.pastDue)}
              </Tag>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

const periodMessages = {
  last30: m.last30,
  thisYear: m.thisYear,
  lastYear: m.lastYear,
  custom: m.custom,
} as const;
const bucketMessages = { day: m.day, week: m.week, month: m.month } as const;

/** The period and bucket choices, the chart, and the buckets as a table. */
function ConsumptionSection({
  readings,
  devices,
  device,
  today,
}: {
  readings: ResourceDescriptor;
  devices: ResourceDescriptor;
  device: RowId;
  today: string;
}) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  const [kind, setKind] = useState<PeriodKind>('last30');
  const [bucket, setBucket] = useState<Bucket>('day');
  const [custom, setCustom] = useState({ from: addDays(today, -29), to: today });
  const period = periodOf(kind, today, custom);
  const problem = periodProblem(period, bucket);
  const consumption = useQuery({
    ...consumptionOptions(request, readings, devices, device, period, bucket),
    enabled: problem === null,
  });
  const buckets: readonly ConsumptionBucket[] = consumption.data ?? [];
  const kwh = (value: string | null) =>
    value === null
      ? '—'
      : intl.formatMessage(m.kwh, {
          value: intl.formatNumber(Number(value), { maximumFractionDigits: 3 }),
        });
  return (
    <div className="joule-consumption">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'flex-end',
          marginBottom: 8,
        }}
      >
        <FormGroup
          label={intl.formatMessage(m.period)}
          labelFor={`period-${device}`}
          style={{ margin: 0 }}
        >
          <HTMLSelect
            id={`period-${device}`}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as PeriodKind)}
            options={(Object.keys(periodMessages) as PeriodKind[]).map((value) => ({
              value,
              label: intl.formatMessage(periodMessages[value]),
            }))}
          />
        </FormGroup>
        {kind === 'custom' && (
          <>
            <FormGroup
              label={intl.formatMessage(m.from)}
              labelFor={`from-${device}`}
              style={{ margin: 0 }}
            >
              <InputGroup
                id={`from-${device}`}
                type="date"
                value={custom.from}
                onValueChange={(from) => setCustom((current) => ({ ...current, from }))}
              />
            </FormGroup>
            <FormGroup
              label={intl.formatMessage(m.to)}
              labelFor={`to-${device}`}
              style={{ margin: 0 }}
            >
              <InputGroup
                id={`to-${device}`}
                type="date"
                value={custom.to}
                onValueChange={(to) => setCustom((current) => ({ ...current, to }))}
              />
            </FormGroup>
          </>
        )}
        <div role="group" aria-label={intl.formatMessage(m.bucket)}>
          <ButtonGroup>
            {BUCKETS.map((value) => (
              <Button
                key={value}
                active={bucket === value}
                aria-pressed={bucket === value}
                text={intl.formatMessage(bucketMessages[value])}
                onClick={() => setBucket(value)}
              />
            ))}
          </ButtonGroup>
        </div>
      </div>
      {problem !== null ? (
        <Callout intent="warning" role="alert">
          {intl.formatMessage(problem === 'tooLong' ? m.tooLong : m.badPeriod)}
        </Callout>
      ) : consumption.isPending ? (
        <Spinner size={20} aria-label={intl.formatMessage(panelMessages.loading)} />
      ) : consumption.isError ? (
        <Callout intent="danger" role="alert" title={intl.formatMessage(m.chartError)}>
          <Button text={intl.formatMessage(m.retry)} onClick={() => void consumption.refetch()} />
        </Callout>
      ) : (
        <>
          <ConsumptionChart buckets={buckets} bucket={bucket} />
          {buckets.every(
            (row) => row.ht_kwh === null && row.lt_kwh === null && row.production_kwh === null,
          ) && <p className="bp6-text-muted">{intl.formatMessage(m.chartEmpty)}</p>}
          <details>
            <summary>{intl.formatMessage(m.chartSummary)}</summary>
            <HTMLTable compact aria-label={intl.formatMessage(m.chartSummary)}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.bucketStart)}</th>
                  <th scope="col">{intl.formatMessage(m.high)}</th>
                  <th scope="col">{intl.formatMessage(m.low)}</th>
                  <th scope="col">{intl.formatMessage(m.production)}</th>
                </tr>
              </thead>
              <tbody>
                {buckets.map((row) => (
                  <tr key={row.start}>
                    <td>
                      {intl.formatDate(Date.parse(`${row.start}T00:00:00Z`), {
                        dateStyle: 'medium',
                        timeZone: 'UTC',
                      })}
                    </td>
                    <td>{kwh(row.ht_kwh)}</td>
                    <td>{kwh(row.lt_kwh)}</td>
                    <td>{kwh(row.production_kwh)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </details>
        </>
      )}
    </div>
  );
}

/**
 * The measurements panel: the device's collector, last contact and calibration; the chart of
 * consumption per day, week or month; "Add a reading"; the readings table. Shown in place of
 * the generic measurements list (`replaces`), with the readings resource as `related`.
 */
export default function MeasurementsPanel({ descriptor, id, row, related }: ResourcePanelProps) {
  const { request } = useResourceRuntime();
  const today = useMemo(() => pragueToday(new Date()), []);
  // The newest reading, for the form: the table's first page, shared through the cache.
  const newest = useQuery({
    ...readingsPageOptions(
      request,
      related?.descriptor ?? descriptor,
      related?.field ?? '',
      id,
      undefined,
    ),
    enabled: related !== undefined,
  });
  if (!related) return null;
  const { descriptor: readings, field } = related;
  return (
    <div className="joule-measurements-panel" data-testid="measurements-panel">
      <DeviceSummary descriptor={descriptor} row={row} today={today} />
      <ConsumptionSection readings={readings} devices={descriptor} device={id} today={today} />
      {readings.operations.create && (
        <div style={{ margin: '16px 0' }}>
          <ReadingForm readings={readings} field={field} device={id} latest={newest.data?.[0]} />
        </div>
      )}
      <ReadingsTable readings={readings} field={field} device={id} />
    </div>
  );
}
