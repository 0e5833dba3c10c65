import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, ButtonGroup, Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  useResourceRuntime,
  type ResourceDescriptor,
  type RowId,
  formatDateTimeText,
  Link,
} from '../../../src/resources';
import { measurementMessages as m } from './messages';
import { panelMessages } from './panel-messages';
import { PAGE_SIZE, readingsPageOptions } from './queries';
import { consumptionSince, inUnit, unitPlaces, type EnergyUnit } from './readings';

/** Props of `ReadingsTable`. */
export interface ReadingsTableProps {
  readonly readings: ResourceDescriptor;
  readonly field: string;
  readonly device: RowId;
  /** The unit the registers and consumption are written in. @default 'kWh' */
  readonly unit?: EnergyUnit;
}

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** The readings' flag of the plausibility rule (docs/billing.md "Readings to check"). */
const TO_CHECK = 'to_check';

/**
 * A device's readings, newest first, `PAGE_SIZE` a page by keyset paging (`page_after_id`:
 * "Older" pages after the page's last reading, "Newer" goes back): time, the three registers
 * and the consumption (high + low tariff) since the reading before, in the UI language's
 * number format with kWh or MWh (the panel's switch); "unknown" where a register went down
 * (a meter exchange).
 */
export function ReadingsTable({ readings, field, device, unit = 'kWh' }: ReadingsTableProps) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  // Anchors of the pages walked through: undefined is the newest page.
  const [anchors, setAnchors] = useState<readonly (number | undefined)[]>([undefined]);
  const after = anchors[anchors.length - 1];
  const page = useQuery(readingsPageOptions(api, readings, field, device, after));
  const rows = page.data ?? [];
  const shown = rows.slice(0, PAGE_SIZE);
  const places = unitPlaces(unit);
  // Exact: kWh to the Wh, MWh to the Wh (6 places).
  const kwh = (value: string | { toString(): string } | null) =>
    value === null
      ? intl.formatMessage(m.unknown)
      : intl.formatMessage(unit === 'MWh' ? m.mwh : m.kwh, {
          value: intl.formatNumber(inUnit(value.toString(), unit).toNumber(), {
            minimumFractionDigits: places,
            maximumFractionDigits: places,
          }),
        });

  if (page.isPending)
    return <Spinner size={20} aria-label={intl.formatMessage(panelMessages.loading)} />;
  if (page.isError)
    return (
      <Callout intent="danger" role="alert" title={intl.formatMessage(m.loadError)}>
        <Button text={intl.formatMessage(m.retry)} onClick={() => void page.refetch()} />
      </Callout>
    );
  return (
    <>
      {shown.length === 0 ? (
        <p>{intl.formatMessage(m.noReadings)}</p>
      ) : (
        // Focusable, so that a keyboard can scroll a table wider than the dialog.
        <div
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage(m.tableLabel)}
        >
          <HTMLTable
            compact
            striped
            aria-label={intl.formatMessage(m.tableLabel)}
            style={{ width: '100%' }}
          >
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.timestamp)}</th>
                <th scope="col" style={numeric}>
                  {intl.formatMessage(m.high)}
                </th>
                <th scope="col" style={numeric}>
                  {intl.formatMessage(m.low)}
                </th>
                <th scope="col" style={numeric}>
                  {intl.formatMessage(m.production)}
                </th>
                <th scope="col" style={numeric}>
                  {intl.formatMessage(m.sincePrevious)}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((reading, index) => {
                const since = consumptionSince(reading, rows[index + 1]);
                return (
                  <tr key={reading.id}>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTimeText(reading.timestamp_received, intl.locale)}
                    </td>
                    <td style={numeric}>{kwh(reading.obis_181)}</td>
                    <td style={numeric}>{kwh(reading.obis_182)}</td>
                    <td style={numeric}>{kwh(reading.obis_280)}</td>
                    <td style={numeric}>
                      {since === null && !rows[index + 1] ? '—' : kwh(since)}
                      {reading.to_check === true && (
                        <Tag
                          intent="warning"
                          minimal
                          style={{ marginLeft: 4 }}
                          title={intl.formatMessage(m.toCheckTitle)}
                        >
                          {intl.formatMessage(m.toCheck)}
                        </Tag>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {readings.fields.some((candidate) => candidate.name === TO_CHECK) && (
        // docs/billing.md "Readings to check": every device's, confirmed from the list.
        <p style={{ marginTop: 8 }}>
          <Link to={`/${readings.name}?filter=${encodeURIComponent(`${TO_CHECK}=true`)}`}>
            {intl.formatMessage(m.toCheckList)}
          </Link>
        </p>
      )}
      {(anchors.length > 1 || rows.length > PAGE_SIZE) && (
        <ButtonGroup style={{ marginTop: 8 }}>
          <Button
            icon="chevron-left"
            disabled={anchors.length <= 1}
            text={intl.formatMessage(m.newer)}
            onClick={() => setAnchors((current) => current.slice(0, -1))}
          />
          <Button
            endIcon="chevron-right"
            disabled={rows.length <= PAGE_SIZE}
            text={intl.formatMessage(m.older)}
            onClick={() => setAnchors((current) => [...current, shown[shown.length - 1]?.id])}
          />
        </ButtonGroup>
      )}
    </>
  );
}
