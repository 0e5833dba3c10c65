/**
 * The body of the tariff device's measurements panel (docs/product.md §2 "Tariff device:
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
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../src/api';
import {
  DateInput,
  resourceKeys,
  useResourceRuntime,
  type ResourceDescriptor,
  type ResourcePanelProps,
  type RowId,
  formatDateText,
  formatDateTimeText,
} from '../../../src/resources';
import { ConsumptionChart } from './consumption-chart';
import { measurementMessages as m } from './messages';
import { panelMessages } from './panel-messages';
import { consumptionOptions, readingsPageOptions } from './queries';
import { ReadingForm } from './reading-form';
import { ReadingsTable } from './readings-table';
import {
  BUCKETS,
  UNITS,
  inUnit,
  isPastDue,
  periodOf,
  periodProblem,
  pragueDayOf,
  pragueToday,
  relativeTime,
  type Bucket,
  type ConsumptionBucket,
  type EnergyUnit,
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
  const { descriptorsByName, api, mayUse } = useResourceRuntime();
  const reference = descriptor.fields.find((f) => f.name === COLLECTOR_FIELD);
  const collectors = reference?.reference ? descriptorsByName[reference.reference] : undefined;
  const collectorId = row[COLLECTOR_FIELD];
  const readable =
    collectors !== undefined &&
    collectors.operations.retrieve &&
    mayUse(collectors.privilege) &&
    (typeof collectorId === 'number' || typeof collectorId === 'string');
  const collector = useQuery({
    queryKey: [...resourceKeys.all(collectors?.name ?? COLLECTOR_FIELD), 'panel', collectorId],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/collectors/{id}/', { params: { path: { id: Number(collectorId) } }, signal }),
      ),
    enabled: readable,
  });
  const title =
    (reference?.titleField ? row[reference.titleField] : undefined) ??
    collector.data?.name ??
    (collectorId == null ? null : `#${String(collectorId)}`);
  const lastSeen = collector.data?.last_seen;
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
              <time dateTime={lastSeen} title={formatDateTimeText(lastSeen, intl.locale)}>
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
            <time dateTime={calibration}>{formatDateText(calibration, intl.locale)}</time>{' '}
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
  latest: m.latest,
  last30: m.last30,
  thisYear: m.thisYear,
  lastYear: m.lastYear,
  custom: m.custom,
} as const;
const bucketMessages = { day: m.day, week: m.week, month: m.month } as const;

/**
 * The kWh / MWh switch: every amount of the panel (chart, its table, the readings) is shown
 * in the unit chosen.
 */
function UnitSwitch({
  unit,
  onChange,
}: {
  unit: EnergyUnit;
  onChange: (unit: EnergyUnit) => void;
}) {
  const intl = useIntl();
  return (
    <div role="group" aria-label={intl.formatMessage(m.unit)}>
      <ButtonGroup>
        {UNITS.map((value) => (
          <Button
            key={value}
            active={unit === value}
            aria-pressed={unit === value}
            text={value}
            onClick={() => onChange(value)}
          />
        ))}
      </ButtonGroup>
    </div>
  );
}

/**
 * The period and bucket choices, the chart, and the buckets as a table. It opens on the 30
 * days up to the device's newest reading (`latestDay`; undefined while it loads), so the
 * first view has readings even for a meter last read months ago.
 */
function ConsumptionSection({
  readings,
  device,
  today,
  latestDay,
  unit,
  onUnit,
}: {
  readings: ResourceDescriptor;
  device: RowId;
  today: string;
  latestDay: string | null | undefined;
  unit: EnergyUnit;
  onUnit: (unit: EnergyUnit) => void;
}) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  const [kind, setKind] = useState<PeriodKind>('latest');
  const [bucket, setBucket] = useState<Bucket>('day');
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(null);
  const latest = latestDay ?? undefined;
  const customPeriod = custom ?? periodOf('latest', today, { from: today, to: today }, latest);
  const period = periodOf(kind, today, customPeriod, latest);
  const problem = periodProblem(period, bucket);
  const consumption = useQuery({
    ...consumptionOptions(api, readings, device, period, bucket),
    // The first period waits for the newest reading's day.
    enabled: problem === null && (kind !== 'latest' || latestDay !== undefined),
  });
  const buckets: readonly ConsumptionBucket[] = consumption.data ?? [];
  const places = unit === 'MWh' ? 6 : 3;
  const kwh = (value: string | null) =>
    value === null
      ? '—'
      : intl.formatMessage(unit === 'MWh' ? m.mwh : m.kwh, {
          value: intl.formatNumber(inUnit(value, unit).toNumber(), {
            maximumFractionDigits: places,
          }),
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
              <DateInput
                id={`from-${device}`}
                value={customPeriod.from}
                onChange={(from) => setCustom({ ...customPeriod, from: from ?? '' })}
              />
            </FormGroup>
            <FormGroup
              label={intl.formatMessage(m.to)}
              labelFor={`to-${device}`}
              style={{ margin: 0 }}
            >
              <DateInput
                id={`to-${device}`}
                value={customPeriod.to}
                onChange={(to) => setCustom({ ...customPeriod, to: to ?? '' })}
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
        <UnitSwitch unit={unit} onChange={onUnit} />
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
          <ConsumptionChart buckets={buckets} bucket={bucket} unit={unit} />
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
                    <td>{formatDateText(row.start, intl.locale)}</td>
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
  const { api } = useResourceRuntime();
  const today = useMemo(() => pragueToday(new Date()), []);
  const [unit, setUnit] = useState<EnergyUnit>('kWh');
  // The newest reading, for the form: the table's first page, shared through the cache.
  const newest = useQuery({
    ...readingsPageOptions(
      api,
      related?.descriptor ?? descriptor,
      related?.field ?? '',
      id,
      undefined,
    ),
    enabled: related !== undefined,
  });
  if (!related) return null;
  const { descriptor: readings, field } = related;
  const newestReading = newest.data?.[0];
  // undefined while loading; null when the device has no reading (or it failed to load).
  const latestDay = newestReading
    ? pragueDayOf(newestReading.timestamp_received)
    : newest.isPending
      ? undefined
      : null;
  return (
    <div className="joule-measurements-panel" data-testid="measurements-panel">
      <DeviceSummary descriptor={descriptor} row={row} today={today} />
      <ConsumptionSection
        readings={readings}
        device={id}
        today={today}
        latestDay={latestDay}
        unit={unit}
        onUnit={setUnit}
      />
      {readings.operations.create && (
        <div style={{ margin: '16px 0' }}>
          <ReadingForm readings={readings} field={field} device={id} latest={newest.data?.[0]} />
        </div>
      )}
      <ReadingsTable readings={readings} field={field} device={id} unit={unit} />
    </div>
  );
}
