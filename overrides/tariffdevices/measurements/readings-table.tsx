import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, ButtonGroup, Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useResourceRuntime, type ResourceDescriptor, type RowId } from '../../../src/resources';
import { measurementMessages as m } from './messages';
import { panelMessages } from './panel-messages';
import { PAGE_SIZE, readingsPageOptions } from './queries';
import { consumptionSince } from './readings';

/** Props of `ReadingsTable`. */
export interface ReadingsTableProps {
  readonly readings: ResourceDescriptor;
  readonly field: string;
  readonly device: RowId;
}

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * A device's readings, newest first, `PAGE_SIZE` a page by keyset paging (`page_after_id`:
 * "Older" pages after the page's last reading, "Newer" goes back): time, the three registers
 * and the consumption (high + low tariff) since the reading before, in the UI language's
 * number format with kWh; "unknown" where a register went down (a meter exchange).
 */
export function ReadingsTable({ readings, field, device }: ReadingsTableProps) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  // Anchors of the pages walked through: undefined is the newest page.
  const [anchors, setAnchors] = useState<readonly (number | undefined)[]>([undefined]);
  const after = anchors[anchors.length - 1];
  const page = useQuery(readingsPageOptions(request, readings, field, device, after));
  const rows = page.data ?? [];
  const shown = rows.slice(0, PAGE_SIZE);
  const kwh = (value: string | { toNumber(): number } | null) =>
    value === null
      ? intl.formatMessage(m.unknown)
      : intl.formatMessage(m.kwh, {
          value: intl.formatNumber(typeof value === 'string' ? Number(value) : value.toNumber(), {
            minimumFractionDigits: 3,
            maximumFractionDigits: 3,
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
                      {intl.formatDate(reading.timestamp_received, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </td>
                    <td style={numeric}>{kwh(reading.obis_181)}</td>
                    <td style={numeric}>{kwh(reading.obis_182)}</td>
                    <td style={numeric}>{kwh(reading.obis_280)}</td>
                    <td style={numeric}>{since === null && !rows[index + 1] ? '—' : kwh(since)}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
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
