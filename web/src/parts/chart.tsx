/**
 * Charts drawn by uPlot (small, fast, canvas): a time chart with axes and a
 * sparkline without. The canvas is an image to a screen reader, so each
 * chart carries a sentence saying what it shows (`summary`); the figures
 * themselves are in the page's tables.
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** A CSS colour; the chart's palette when absent. */
  color?: string;
}

const palette = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2'];

function useUplot(make: (width: number) => uPlot.Options, data: uPlot.AlignedData, height: number) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
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

/** Values over time (`times` in seconds since the epoch), with a legend and axes. */
export function TimeChart(props: { times: number[]; series: ChartSeries[]; summary: string; height?: number; valueLabel?: (value: number) => string }) {
  const data: uPlot.AlignedData = [props.times, ...props.series.map((series) => series.values)];
  const holder = useUplot(
    (width) => ({
      width,
      height: props.height ?? 240,
      series: [{}, ...props.series.map((series, index) => ({ label: series.label, stroke: series.color ?? palette[index % palette.length], width: 2, spanGaps: false }))],
      axes: [
        {},
        {
          values: (_plot: uPlot, ticks: number[]) => ticks.map((tick) => (props.valueLabel ? props.valueLabel(tick) : String(tick))),
          // As wide as the longest label, so money like $12,500.00 is not cut at the left edge.
          size: (_plot: uPlot, values: string[] | null) => 16 + 7.5 * Math.max(4, ...(values ?? []).map((value) => value.length)),
        },
      ],
      cursor: { drag: { x: false, y: false } },
    }),
    data,
    props.height ?? 240,
  );
  return (
    <figure class="chart">
      <div ref={holder} role="img" aria-label={props.summary} />
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
