import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { measurementMessages as m } from './messages';
import { chartSeries, type Bucket, type ConsumptionBucket } from './readings';

/** Props of `ConsumptionChart`. */
export interface ConsumptionChartProps {
  readonly buckets: readonly ConsumptionBucket[];
  readonly bucket: Bucket;
}

/** Colours that read on Light, Dark and Dark Blue (Blueprint's palette). */
const COLORS = { high: '#2d72d2', low: '#29a634', production: '#d1980b' };

/** Height of the plot in CSS pixels. */
const HEIGHT = 240;

/**
 * The name of the performance measure of each draw, from the data's arrival to the end of
 * uPlot's draw (`npm run bench:ui` reads it).
 */
export const DRAW_MEASURE = 'joule.consumption-chart.draw';

/**
 * Consumption per bucket drawn with uPlot on a canvas (issue 13): high and low tariff as
 * stacked bars (high at the bottom), production as a line; an unknown bucket (no reading,
 * a register that went down) is a gap. The x axis is the buckets in order, labelled with
 * their start in the UI language; the y axis is kWh. The canvas is named for assistive
 * technology; the numbers are in the table the panel shows beside it.
 */
export function ConsumptionChart({ buckets, bucket }: ConsumptionChartProps) {
  const intl = useIntl();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const series = useMemo(() => chartSeries(buckets), [buckets]);

  const labels = useMemo(() => {
    const format: Intl.DateTimeFormatOptions =
      bucket === 'month'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'numeric', timeZone: 'UTC' };
    return series.starts.map((start) => intl.formatDate(Date.parse(`${start}T00:00:00Z`), format));
  }, [series.starts, bucket, intl]);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const started = performance.now();
    const kwh = (value: number | null | undefined) =>
      value == null
        ? intl.formatMessage(m.unknown)
        : intl.formatMessage(m.kwh, {
            value: intl.formatNumber(value, { maximumFractionDigits: 3 }),
          });
    const ink = getComputedStyle(element).color || '#1c2127';
    const axis = {
      stroke: ink,
      grid: { stroke: 'rgba(128, 128, 128, 0.25)', width: 1 },
      ticks: { stroke: 'rgba(128, 128, 128, 0.4)', width: 1 },
    };
    const bars = uPlot.paths.bars!({ size: [0.7, 48], align: 0 });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 320),
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.05] },
      },
      legend: { show: true },
      cursor: { points: { show: false } },
      series: [
        { label: intl.formatMessage(m.bucketStart), value: (_u, index) => labels[index] ?? '' },
        {
          // The whole bar, high + low, in the low tariff's colour; high is drawn over it.
          label: intl.formatMessage(m.low),
          stroke: COLORS.low,
          fill: COLORS.low,
          paths: bars,
          points: { show: false },
          value: (_u, _v, _series, index) => kwh(index == null ? null : series.low[index]),
        },
        {
          label: intl.formatMessage(m.high),
          stroke: COLORS.high,
          fill: COLORS.high,
          paths: bars,
          points: { show: false },
          value: (_u, value) => kwh(value),
        },
        {
          label: intl.formatMessage(m.production),
          stroke: COLORS.production,
          width: 2,
          points: { show: true, size: 4 },
          value: (_u, value) => kwh(value),
        },
      ],
      axes: [
        {
          ...axis,
          incrs: [1, 2, 3, 4, 7, 14, 28, 56],
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        {
          ...axis,
          size: 72,
          values: (_u, splits) =>
            splits.map((v) =>
              intl.formatMessage(m.kwh, {
                value: intl.formatNumber(v, { maximumFractionDigits: 1 }),
              }),
            ),
        },
      ],
      hooks: {
        draw: [
          () => {
            performance.measure(DRAW_MEASURE, { start: started });
            element.dataset.draws = String(Number(element.dataset.draws ?? 0) + 1);
          },
        ],
      },
    };
    const data: uPlot.AlignedData = [
      series.starts.map((_start, index) => index),
      [...series.stackTop],
      [...series.high],
      [...series.production],
    ];
    plot.current = new uPlot(options, data, element);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const width = Math.max(element.clientWidth, 320);
            if (plot.current && plot.current.width !== width)
              plot.current.setSize({ width, height: HEIGHT });
          });
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [series, labels, intl]);

  const name = intl.formatMessage(m.chartLabel, {
    bucket: intl.formatMessage(
      bucket === 'day' ? m.bucketDay : bucket === 'week' ? m.bucketWeek : m.bucketMonth,
    ),
  });
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={host}
        role="img"
        aria-label={name}
        className="joule-consumption-chart"
        data-bucket={bucket}
        data-buckets={buckets.length}
      />
    </figure>
  );
}
