/**
 * Charts drawn by uPlot (small, fast, canvas): a time chart with axes and a
 * sparkline without. The canvas is an image to a screen reader, so each
 * chart carries a sentence saying what it shows (`summary`); the figures
 * themselves are in the page's tables. uPlot comes with the pages that
 * draw charts (each a file fetched when first opened), never with the login
 * page; its style sheet is in styles.css.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { timeLabelSpace, timeLabels, timeSteps, type ValueAxis, valueAxis, valueTicks } from './chart-axes.js';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** A CSS colour; the chart's palette when absent. */
  color?: string;
}

const palette = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2'];

/** Draws the chart into the element it returns: before the browser paints, so a chart is never on the page without its canvas. */
function useUplot(make: (width: number) => uPlot.Options, data: uPlot.AlignedData, height: number) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element) return;
    const width = Math.max(element.clientWidth, 120);
    const plot = new uPlot({ ...make(width), height }, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 120), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, height, make]);
  return holder;
}

/**
 * Values over time (`times` in seconds since the epoch), with axes a person
 * reads at a glance (./chart-axes.ts): round value steps from a round
 * bottom, time labels for the span. The time and the values under the
 * pointer show only while it is over the chart; a key names the lines when
 * there are several.
 */
export function TimeChart(props: {
  times: number[];
  series: ChartSeries[];
  summary: string;
  height?: number;
  valueLabel?: (value: number) => string;
  /** What one unit of the labels is worth in the values (1048576 for values in bytes labelled in MiB), so the steps are round in it. */
  valueUnit?: number;
}) {
  const data: uPlot.AlignedData = [props.times, ...props.series.map((series) => series.values)];
  const readout = useRef<HTMLParagraphElement>(null);
  const label = (value: number) => (props.valueLabel ? props.valueLabel(value) : value.toLocaleString());
  const colour = (series: ChartSeries, index: number) => series.color ?? palette[index % palette.length]!;
  const holder = useUplot(
    (width) => {
      let axis: ValueAxis = { min: 0, max: 1, step: 1 };
      return {
        width,
        height: props.height ?? 240,
        series: [{}, ...props.series.map((series, index) => ({ label: series.label, stroke: colour(series, index), width: 2, spanGaps: false }))],
        scales: {
          y: {
            range: (_plot: uPlot, low: number | null, high: number | null) => {
              const unit = props.valueUnit ?? 1;
              const inUnits = low === null || high === null ? { min: 0, max: 1, step: 1 } : valueAxis(low / unit, high / unit);
              axis = { min: inUnits.min * unit, max: inUnits.max * unit, step: inUnits.step * unit };
              return [axis.min, axis.max] as uPlot.Range.MinMax;
            },
          },
        },
        axes: [
          {
            incrs: timeSteps,
            space: timeLabelSpace,
            values: (_plot: uPlot, splits: number[], _axis: number, _space: number, step: number) => timeLabels(splits, step),
            // Two lines: the time, and the date where it is given.
            size: 56,
          },
          {
            splits: () => valueTicks(axis),
            values: (_plot: uPlot, ticks: number[]) => ticks.map(label),
            // As wide as the longest label, so money like $12,500.00 is not cut at the left edge.
            size: (_plot: uPlot, values: string[] | null) => 16 + 7.5 * Math.max(4, ...(values ?? []).map((value) => value.length)),
          },
        ],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          setCursor: [
            (plot: uPlot) => {
              const shown = readout.current;
              if (!shown) return;
              const index = plot.cursor.idx;
              const time = index === null || index === undefined ? undefined : plot.data[0][index];
              if (time === undefined || time === null || (plot.cursor.left ?? -1) < 0) {
                shown.textContent = '';
                return;
              }
              const values = props.series
                .map((series, at) => ({ series, value: plot.data[at + 1]?.[index!] }))
                .filter(({ value }) => value !== null && value !== undefined)
                .map(({ series, value }) => (props.series.length > 1 ? `${series.label} ${label(value as number)}` : label(value as number)));
              shown.textContent = values.length > 0 ? `${new Date(time * 1000).toLocaleString()}: ${values.join(', ')}` : '';
            },
          ],
        },
      };
    },
    data,
    props.height ?? 240,
  );
  return (
    <figure class="chart">
      <div ref={holder} role="img" aria-label={props.summary} />
      {/* What is under the pointer, only while it is over the chart; the figures themselves are in the page for everyone. */}
      <p class="chart-readout" data-readout ref={readout} aria-hidden="true" />
      {props.series.length > 1 && (
        <ul class="chart-key" aria-hidden="true">
          {props.series.map((series, index) => (
            <li key={series.label}>
              <span class="chart-swatch" style={{ background: colour(series, index) }} />
              {series.label}
            </li>
          ))}
        </ul>
      )}
      <figcaption class="visually-hidden">{props.summary}</figcaption>
    </figure>
  );
}

/** A small line of recent values, without axes, for a table cell. */
export function Sparkline(props: { values: number[]; summary: string }) {
  const times = props.values.map((_, index) => index);
  const holder = useUplot(
    () => ({
      width: 96,
      height: 28,
      series: [{}, { stroke: palette[0], width: 1.5, points: { show: false } }],
      axes: [{ show: false }, { show: false }],
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false } },
    }),
    [times, props.values],
    28,
  );
  return <div class="sparkline" ref={holder} role="img" aria-label={props.summary} />;
}
