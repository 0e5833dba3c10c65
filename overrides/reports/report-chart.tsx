/**
 * A report's chart (docs/billing.md "Reports"): its months along the x axis and one line per
 * series (or bars, for a single count), drawn with uPlot on a canvas. Lazy
 * (`chart.tsx`), so uPlot is fetched only when a report is shown. The canvas is named for
 * assistive technology; the numbers are in the table beside it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { reportMessages } from './messages';
import type { MonthlyChartData } from './report-data';

/** Props of `ReportChart`. */
export interface ReportChartProps {
  readonly data: MonthlyChartData;
  /** The accessible name of the chart. */
  readonly label: string;
  /** A value with its unit, for the legend and the y axis. */
  readonly format: (value: number) => string;
  /** Bars instead of lines (one series of counts). */
  readonly bars?: boolean;
  /**
   * The x axis's labels when its points are no months (e.g. age buckets), one per entry of
   * `data.months`. @default the months, formatted
   */
  readonly labels?: readonly string[];
}

/** Colours that read on Light, Dark and Dark Blue (Blueprint's palette). */
const COLORS = [
  '#2d72d2',
  '#29a634',
  '#d1980b',
  '#cd4246',
  '#7961db',
  '#147eb3',
  '#d33d17',
  '#5a701a',
  '#c22762',
  '#00a396',
  '#935610',
  '#8f398f',
];

/** Height of the plot in CSS pixels. */
const HEIGHT = 260;

/** The chart; `default` export for `React.lazy`. */
export default function ReportChart({
  data,
  label,
  format,
  bars = false,
  labels: given,
}: ReportChartProps) {
  const intl = useIntl();
  const host = useRef<HTMLDivElement>(null);
  const labels = useMemo(
    () =>
      given ??
      data.months.map((month) =>
        intl.formatDate(Date.parse(`${month}-01T00:00:00Z`), {
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      ),
    [data.months, intl, given],
  );

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const ink = getComputedStyle(element).color || '#1c2127';
    const axis = {
      stroke: ink,
      grid: { stroke: 'rgba(128, 128, 128, 0.25)', width: 1 },
      ticks: { stroke: 'rgba(128, 128, 128, 0.4)', width: 1 },
    };
    const value = (_u: uPlot, v: number | null) => (v == null ? '–' : format(v));
    const paths = bars ? uPlot.paths.bars!({ size: [0.7, 48], align: 0 }) : undefined;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 320),
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: {
          range: (_u, min, max) => [Math.min(0, min * 1.05), Math.max(max, 1) * 1.05],
        },
      },
      legend: { show: true },
      series: [
        {
          label: intl.formatMessage(reportMessages.month),
          value: (_u, index) => labels[index] ?? '',
        },
        ...data.series.map((series, index) => {
          const color = COLORS[index % COLORS.length]!;
          return {
            label: series.label,
            stroke: color,
            width: 2,
            ...(paths ? { fill: color, paths, points: { show: false } } : { points: { size: 5 } }),
            spanGaps: false,
            value,
          };
        }),
      ],
      axes: [
        {
          ...axis,
          incrs: [1, 2, 3, 4, 6, 12, 24],
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        { ...axis, size: 90, values: (_u, splits) => splits.map((v) => format(v)) },
      ],
    };
    const aligned: uPlot.AlignedData = [
      data.months.map((_month, index) => index),
      ...data.series.map((series) => [...series.values]),
    ];
    const plot = new uPlot(options, aligned, element);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const width = Math.max(element.clientWidth, 320);
            if (plot.width !== width) plot.setSize({ width, height: HEIGHT });
          });
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [data, labels, format, bars, intl]);

  return (
    <figure style={{ margin: '12px 0' }}>
      <div
        ref={host}
        role="img"
        aria-label={label}
        className="joule-report-chart"
        data-months={data.months.length}
        data-series={data.series.length}
      />
    </figure>
  );
}
