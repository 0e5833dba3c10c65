import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { measurementMessages as m } from './messages';
import {
  chartSeries,
  labelStep,
  labelledBuckets,
  type Bucket,
  type ConsumptionBucket,
  type EnergyUnit,
} from './readings';

/** Props of `ConsumptionChart`. */
export interface ConsumptionChartProps {
  readonly buckets: readonly ConsumptionBucket[];
  readonly bucket: Bucket;
  /** The unit the amounts are drawn and written in. @default 'kWh' */
  readonly unit?: EnergyUnit;
}

/** The axes' font: the labels are measured in it, so that they never overlap. */
const AXIS_FONT = '12px system-ui, sans-serif';

let measuring: CanvasRenderingContext2D | null | undefined;

/** Width in CSS pixels of `label` in {@link AXIS_FONT} (an estimate where there is no canvas). */
function textWidth(label: string): number {
  if (measuring === undefined) {
    try {
      measuring = document.createElement('canvas').getContext('2d');
    } catch {
      measuring = null;
    }
  }
  if (!measuring) return label.length * 7.5;
  measuring.font = AXIS_FONT;
  return measuring.measureText(label).width;
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
 * Consumption per bucket drawn with uPlot on a canvas (docs/product.md): high and low tariff as
 * stacked bars (high at the bottom), production as a line; an unknown bucket (no reading,
 * a register that went down) is a gap. The x axis is the buckets in order, labelled with
 * their start in the UI language; the y axis is kWh. The canvas is named for assistive
 * technology; the numbers are in the table the panel shows beside it.
 */
export function ConsumptionChart({ buckets, bucket, unit = 'kWh' }: ConsumptionChartProps) {
  const intl = useIntl();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const series = useMemo(() => chartSeries(buckets, unit), [buckets, unit]);
  const amount = unit === 'MWh' ? m.mwh : m.kwh;

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
        : intl.formatMessage(amount, {
            value: intl.formatNumber(value, { maximumFractionDigits: unit === 'MWh' ? 6 : 3 }),
          });
    const widest = Math.max(0, ...labels.map(textWidth));
    const ink = getComputedStyle(element).color || '#1c2127';
    const axis = {
      stroke: ink,
      font: AXIS_FONT,
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
          // A label every `step` buckets, the step chosen from the plot's width and the widest
          // label, so that no two labels overlap whatever the period and language.
          splits: (u) =>
            labelledBuckets(
              labels.length,
              labelStep(labels.length, u.bbox.width / (window.devicePixelRatio || 1), widest),
            ),
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        {
          ...axis,
          // As wide as its widest label (`1 234,5 kWh`), never cut.
          size: (_u, values) =>
            Math.ceil(Math.max(48, ...(values ?? []).map((value) => textWidth(value)))) + 16,
          values: (_u, splits) =>
            splits.map((v) =>
              intl.formatMessage(amount, {
                value: intl.formatNumber(v, { maximumFractionDigits: unit === 'MWh' ? 3 : 1 }),
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
  }, [series, labels, intl, amount, unit]);

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
