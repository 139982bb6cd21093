import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RepliesDay } from '../../core/schemas/history';
import { formatCount } from '../components/format';

const HEIGHT = 220;
/** Whole steps only: days on x, invite lines on y. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

const shortDate = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The chart's series colours: the dashboard's own (read from its CSS custom properties). */
function colour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** uPlot's columns: the day's index, then the three counts. */
function columns(days: readonly RepliesDay[]): uPlot.AlignedData {
  return [days.map((_, index) => index), days.map((day) => day.attending), days.map((day) => day.declined), days.map((day) => day.pending)];
}

function options(days: readonly RepliesDay[], width: number): uPlot.Options {
  const points = { show: days.length < 60 };
  const label = (index: number) => {
    const day = Number.isInteger(index) ? days[index] : undefined;
    return day ? shortDate.format(new Date(`${day.date}T00:00:00Z`)) : '';
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // Days by index: each point already is a day of the occasion's calendar, in no time zone.
      x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
    },
    axes: [
      { incrs: DAY_STEPS, values: (_u, splits) => splits.map(label), space: 60 },
      { incrs: COUNT_STEPS, size: 48, values: (_u, splits) => splits.map((value) => formatCount(value)) },
    ],
    series: [
      {},
      { label: 'Attending', stroke: colour('--ok', '#23683a'), width: 2, points },
      { label: 'Declined', stroke: colour('--danger', '#a8261b'), width: 2, points },
      { label: 'Pending', stroke: colour('--muted', '#5f5951'), width: 2, dash: [6, 4], points },
    ],
  };
}

/**
 * The uPlot line chart of replies by day, as wide as its box (it follows resizes). The chunk
 * that holds this file also holds uPlot and its stylesheet (a `<link>`, which the CSP allows).
 */
export default function RepliesPlot({ days }: { days: readonly RepliesDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current!;
    const widthOf = () => Math.max(element.clientWidth, 200);
    const plot = new uPlot(options(days, widthOf()), columns(days), element);
    const resize = new ResizeObserver(() => plot.setSize({ width: widthOf(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} data-testid="replies-plot" />;
}
